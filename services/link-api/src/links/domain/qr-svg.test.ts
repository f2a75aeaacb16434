import QRCode from 'qrcode';
import { scanUrlOf } from '@waymark/contracts';
import { decodeQrSvg } from '@waymark/testkit';
import { QUIET_ZONE_MODULES, qrSvg } from './qr-svg';

describe('QR SVG', () => {
  it('decodes back to exactly the short URL with the scan marker', async () => {
    const url = scanUrlOf('go.acme.test', 'spring-Sale_1');
    const decoded = await decodeQrSvg(qrSvg(url, 8));
    expect(decoded.texts).toEqual(['https://go.acme.test/spring-Sale_1?s=q']);
  });

  it.each([1, 3, 8, 40])('draws each module as %i px with a 4-module quiet zone', async (scale) => {
    const url = scanUrlOf('localhost:8081', 'abc1234');
    const size = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size;
    const svg = qrSvg(url, scale);
    const side = (size + 2 * QUIET_ZONE_MODULES) * scale;
    expect(svg).toContain(`width="${side}" height="${side}"`);
    expect(svg).toContain(`viewBox="0 0 ${size + 8} ${size + 8}"`);
    // The first dark module is the finder pattern's corner, right after the quiet zone.
    expect(svg).toMatch(/d="M4 4h7v1h-7z/);
    if (scale >= 2) expect((await decodeQrSvg(svg)).texts).toEqual([url]);
  });

  it('stays decodable with a 64-character custom code on a long domain', async () => {
    const url = scanUrlOf('links.example.com', 'x'.repeat(64));
    expect((await decodeQrSvg(qrSvg(url, 4))).texts).toEqual([url]);
  });
});
