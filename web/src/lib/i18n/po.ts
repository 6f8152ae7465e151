/** Parses the gettext `.po` subset we use: msgid/msgstr pairs with continued lines. */
export function parsePo(src: string): Map<string, string> {
  const unquote = (s: string): string => {
    const inner = s.trim().replace(/^"/, '').replace(/"$/, '');
    return inner.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  };
  const map = new Map<string, string>();
  let id = '';
  let text = '';
  let field: 0 | 1 | 2 = 0;
  const flush = (): void => {
    if (id !== '' && text !== '') map.set(id, text);
    id = '';
    text = '';
  };
  for (const raw of src.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 1;
    } else if (line.startsWith('msgstr ')) {
      text = unquote(line.slice(7));
      field = 2;
    } else if (line.startsWith('"')) {
      if (field === 1) id += unquote(line);
      else if (field === 2) text += unquote(line);
    }
  }
  flush();
  return map;
}

/** printf-style: `%s`/`%d` in order, or `%1$s` by position. */
export function sprintf(text: string, args: ReadonlyArray<string | number>): string {
  let next = 0;
  return text.replace(/%%|%(?:(\d+)\$)?([sd])/g, (match: string, pos: string | undefined) => {
    if (match === '%%') return '%';
    const index = pos !== undefined ? Number(pos) - 1 : next++;
    const value = args[index];
    return value === undefined ? '' : String(value);
  });
}
