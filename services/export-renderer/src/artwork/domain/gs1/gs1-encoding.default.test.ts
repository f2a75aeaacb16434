import { expandCompressedDigitalLink, parseDigitalLink } from '@waymark/gs1';
import type { RenderRecord } from '../render-record-schema';
import { composeRecord } from '../layout/compose-record';
import { exportOptionsSchema } from '../export-options';
import { defaultGs1Encoding } from './gs1-encoding.default';

const record: RenderRecord = {
  code: '01/09506000134352/10/LOT-2026-04/21/SN0000123456',
  domain: 'links.brand.example',
  gtin14: '09506000134352',
  batch: 'LOT-2026-04',
  serial: 'SN0000123456',
  linkTypes: [],
};

describe('artwork URIs', () => {
  it('compressed, carry the same key as the uncompressed Digital Link', () => {
    const uri = new URL(defaultGs1Encoding.digitalLinkUri(record, true));
    expect(uri.host).toBe('links.brand.example');
    const expanded = expandCompressedDigitalLink(uri.pathname) as string;
    expect(parseDigitalLink(expanded)).toMatchObject({ ok: true, value: { path: record.code } });
    expect(defaultGs1Encoding.digitalLinkUri(record)).toBe(`https://links.brand.example/${record.code}`);
  });

  it('the QR code carries the compressed URI when the export asks for it', () => {
    const [qr] = composeRecord(record, exportOptionsSchema.parse({ compressUri: true }), defaultGs1Encoding).symbols;
    expect(qr?.expected.text).toBe(defaultGs1Encoding.digitalLinkUri(record, true));
    const [plain] = composeRecord(record, exportOptionsSchema.parse({}), defaultGs1Encoding).symbols;
    expect(plain?.expected.text).toBe(`https://links.brand.example/${record.code}`);
  });
});
