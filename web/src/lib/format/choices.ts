/** A variation's options as sold, as the shop names them on a line: "Farbe: Rot, Größe: M". */
export function choicesText(choices: ReadonlyArray<{ attribute: string; value: string }>): string {
  return choices.map((c) => `${c.attribute}: ${c.value}`).join(', ');
}
