import { describe, expect, it } from 'vitest';
import { sitePath } from './permalink';

describe('sitePath', () => {
  it.each([
    ['https://laden.example/produkt/espresso/', '/produkt/espresso/'],
    ['http://127.0.0.1:8080/produkt/tee/?attribute_groesse=50+g', '/produkt/tee/?attribute_groesse=50+g'],
    ['/produkt/schon-ein-pfad/', '/produkt/schon-ein-pfad/'],
    ['https://laden.example', ''],
  ])('%s → %s', (url, path) => expect(sitePath(url)).toBe(path));
});
