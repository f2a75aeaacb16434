/**
 * The bytes of a PDF from its numbered objects (object n is objects[n - 1]): header, each object, the
 * cross-reference table and the trailer. Objects are PDF syntax already; a stream object is its dictionary
 * (without /Length, which is added) and its data.
 */
export type PdfObject = string | { readonly dict: string; readonly stream: Uint8Array };

export function pdfFile(objects: readonly PdfObject[], trailer: string): Buffer {
  const parts: (string | Uint8Array)[] = ['%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'];
  const offsets: number[] = [];
  let at = Buffer.byteLength(parts[0] as string, 'latin1');
  const add = (p: string | Uint8Array) => {
    parts.push(p);
    at += typeof p === 'string' ? Buffer.byteLength(p, 'latin1') : p.length;
  };
  objects.forEach((o, i) => {
    offsets.push(at);
    if (typeof o === 'string') add(`${i + 1} 0 obj\n${o}\nendobj\n`);
    else {
      add(`${i + 1} 0 obj\n${o.dict.replace(/>>$/, `/Length ${o.stream.length}>>`)}\nstream\n`);
      add(o.stream);
      add('\nendstream\nendobj\n');
    }
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  add(
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<<${trailer}/Size ${objects.length + 1}>>\nstartxref\n${at}\n%%EOF\n`,
  );
  return Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
}

/** A PDF literal string: backslash and parentheses escaped, anything outside printable ASCII as octal. */
export function pdfString(s: string): string {
  return `(${s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => `\\${(c.charCodeAt(0) & 0xff).toString(8).padStart(3, '0')}`)})`;
}

/** A PDF name: delimiters, '#' and anything outside printable ASCII as #xx. */
export function pdfName(s: string): string {
  return `/${Buffer.from(s, 'utf8').reduce((out, b) => out + (b > 0x20 && b < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(b)) ? String.fromCharCode(b) : `#${b.toString(16).padStart(2, '0')}`), '')}`;
}
