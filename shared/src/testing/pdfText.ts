import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made with pdfkit's standard fonts, for tests: each content stream inflated,
 * each text-showing operator's hex strings decoded (WinAnsi, so ASCII reads as it is), one line
 * per operator. Not a general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const bytes = Buffer.from(pdf);
  const latin = bytes.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /(?<!end)stream\r?\n/g;
  for (let match = streamPattern.exec(latin); match; match = streamPattern.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(bytes.subarray(start, end)).toString('latin1');
    } catch {
      content = latin.slice(start, end);
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((hex) => Buffer.from(hex, 'hex').toString('latin1')).join(''));
    }
    streamPattern.lastIndex = end;
  }
  return lines.join('\n');
}

/** How many pages a PDF has (its /Type /Page objects). */
export function pdfPageCount(pdf: Uint8Array): number {
  return (Buffer.from(pdf).toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}
