import { describe, expect, it } from 'vitest';
import { pdfText } from './document.ts';

describe('text for the PDF standard fonts (WinAnsi)', () => {
  it('keeps what WinAnsi has, spells other Latin letters without accents, and never prints the wrong letter', () => {
    expect(pdfText('Zoë Œuvre – “£12.50” € ×2')).toBe('Zoë Œuvre – “£12.50” € ×2');
    expect(pdfText('Łukasz Dvořák Ștefan ı')).toBe('Lukasz Dvorák Stefan i');
    expect(pdfText('山田 Ωmega A→B')).toBe('?? ?mega A->B');
    expect(pdfText('line\r\nbreak\ttab')).toBe('line break tab');
  });
});
