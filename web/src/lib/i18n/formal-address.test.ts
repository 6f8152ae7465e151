/**
 * The shop speaks to its customers with „Sie“: no text of the catalogue, nor of the demo shop a
 * new owner sees first, uses „du“ (its pronouns, or an imperative after „Bitte“ without „Sie“).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from './de.po?raw';
import { parsePo } from './po';

const INFORMAL_PRONOUNS = /\b(du|dir|dich|dein|deine|deinen|deinem|deiner|deines|euch|euer|eure|euren|eurem|eurer|eures)\b/i;
/** After „Bitte“, what is no imperative: articles and such, and infinitives („Bitte eine IBAN eingeben“). */
const NOT_IMPERATIVE =
  /^(die|der|das|den|dem|des|ein|eine|einen|einem|einer|mindestens|entweder|neu|nur|noch|zuerst|erst|nicht|keine|alle|hier|jetzt|zunächst|[a-zäöüß]+n)$/;

/** The first informal form of address in `text`, or null. */
function informalAddress(text: string): string | null {
  const pronoun = INFORMAL_PRONOUNS.exec(text);
  if (pronoun) return pronoun[0];
  for (const m of text.matchAll(/\bBitte ([a-zäöüß]+)(?: (\S+))?/g)) {
    const [, word = '', next] = m;
    if (!NOT_IMPERATIVE.test(word) && next !== 'Sie' && next !== 'Sie,') return `Bitte ${word}`;
  }
  return null;
}

describe('the form of address', () => {
  it.each([
    ['Das könnte dir auch gefallen …', 'dir'],
    ['Deinen Download-Link findest du im Konto.', 'Deinen'],
    ['Bitte wähle die Menge.', 'Bitte wähle'],
    ['Die Datei fehlt. Bitte kontaktiere uns.', 'Bitte kontaktiere'],
    ['Bitte gib eine Menge ein.', 'Bitte gib'],
    ['Bitte wählen Sie die Menge.', null],
    ['Bitte bestätigen Sie, dass …', null],
    ['Bitte eine gültige IBAN eingeben.', null],
    ['Bitte speichern oder verwerfen.', null],
    ['Durchmesser: 12 cm', null],
    ['Das könnte Ihnen auch gefallen …', null],
  ])('%s → %s', (text, want) => {
    expect(informalAddress(text)).toBe(want);
  });

  it('is „Sie“ in every message of the catalogue', () => {
    const entries = [...parsePo(catalogue).entries()];
    expect(entries.length).toBeGreaterThan(500);
    const informal = entries.filter(([, text]) => informalAddress(text) !== null);
    expect(informal).toEqual([]);
  });

  it('is „Sie“ in the demo shop’s products and pages', () => {
    const demo = join(import.meta.dirname, '../../../../fixtures/demo');
    const texts = ['products.csv', 'pages.json', 'menus.json'].flatMap((f) => readFileSync(join(demo, f), 'utf8').split('\n'));
    expect(texts.filter((line) => informalAddress(line) !== null)).toEqual([]);
  });
});
