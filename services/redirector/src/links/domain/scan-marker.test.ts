import { splitScanMarker } from './scan-marker';

test('the scan marker is taken out and the rest of the query kept byte for byte', () => {
  expect(splitScanMarker('a=1&s=q&b=%20x')).toEqual({ passthrough: 'a=1&b=%20x', scanned: true });
  expect(splitScanMarker('s=q')).toEqual({ passthrough: '', scanned: true });
  expect(splitScanMarker('s=qq&ss=q')).toEqual({ passthrough: 's=qq&ss=q', scanned: false });
  expect(splitScanMarker('')).toEqual({ passthrough: '', scanned: false });
});
