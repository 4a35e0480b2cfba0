/**
 * Fitting text to a fixed number of columns: word wrap, centring, and "name ........ amount" pairs. Why our own and
 * not the encoder's table(): the preview must show the very same lines, so the lines are decided once, here, as
 * plain strings. Text is made printable first (printable-text.ts) so that lengths count what the paper shows.
 */
import type { PrintBlock } from './print-document.js';
import { printableText } from './printable-text.js';

/**
 * Splits text into lines of at most `columns` characters, breaking at spaces and cutting words that are too long.
 * Leading spaces are an indent: kept on every line of the text.
 */
export function wrapText(text: string, columns: number): string[] {
  const printable = printableText(text);
  const indent = /^ */.exec(printable)?.[0].slice(0, Math.max(0, columns - 1)) ?? '';
  return wrapWords(printable, columns - indent.length).map((line) => (line ? indent + line : line));
}

function wrapWords(text: string, columns: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > 0) {
      const room = current ? columns - current.length - 1 : columns;
      if (rest.length <= room) {
        current = current ? `${current} ${rest}` : rest;
        rest = '';
      } else if (current) {
        lines.push(current);
        current = '';
      } else {
        lines.push(rest.slice(0, columns));
        rest = rest.slice(columns);
      }
    }
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/** Lines of `text`, each centred on the paper. */
export function centredLines(text: string, columns: number, emphasis = false): PrintBlock[] {
  return wrapText(text, columns).map((line) => ({
    kind: 'line',
    text: ' '.repeat(Math.floor((columns - line.length) / 2)) + line,
    ...(emphasis ? { emphasis } : {}),
  }));
}

/** Lines of `text`, left-aligned; leading spaces indent every line. */
export function leftLines(text: string, columns: number): PrintBlock[] {
  return wrapText(text, columns).map((line) => ({ kind: 'line', text: line }));
}

/**
 * "Left ...... right" on one line when both fit with a space between; otherwise the left text wraps and the right
 * text ends the last line, or gets a line of its own, aligned right.
 */
export function pairLines(left: string, right: string, columns: number, emphasis = false): PrintBlock[] {
  const rightText = printableText(right).slice(0, columns);
  const leftWrapped = wrapText(left, columns);
  const last = leftWrapped[leftWrapped.length - 1] ?? '';
  const lines = last.length + 1 + rightText.length <= columns
    ? [...leftWrapped.slice(0, -1), last + ' '.repeat(columns - last.length - rightText.length) + rightText]
    : [...leftWrapped, ' '.repeat(columns - rightText.length) + rightText];
  return lines.map((text) => ({ kind: 'line', text, ...(emphasis ? { emphasis } : {}) }));
}
