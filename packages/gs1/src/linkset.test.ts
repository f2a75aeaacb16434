import { buildDigitalLinkUri } from './digital-link-build';
import { linkTypeLabel, linkTypeUri, normalizeLinkType } from './link-types';
import { buildLinkset, defaultEntry } from './linkset';
import { digitalLinkLevels, lessSpecificPaths } from './path-levels';

describe('link types', () => {
  it('accepts CURIEs and full URIs, current and legacy namespace', () => {
    expect(normalizeLinkType('gs1:pip')).toBe('gs1:pip');
    expect(normalizeLinkType('https://ref.gs1.org/voc/certificationInfo')).toBe('gs1:certificationInfo');
    expect(normalizeLinkType('https://gs1.org/voc/epil')).toBe('gs1:epil');
    expect(normalizeLinkType('gs1:notAType')).toBeNull();
    expect(normalizeLinkType('pip')).toBeNull();
  });

  it('knows the link types of the current GS1 Web Vocabulary, with their labels', () => {
    expect(
      ['gs1:relatedImage', 'gs1:loyaltyProgram', 'gs1:appDownload', 'gs1:subscribe'].map(normalizeLinkType),
    ).toEqual(['gs1:relatedImage', 'gs1:loyaltyProgram', 'gs1:appDownload', 'gs1:subscribe']);
    expect(linkTypeLabel('https://ref.gs1.org/voc/pip')).toBe('Product Information Page');
    expect(linkTypeLabel('gs1:nope')).toBeUndefined();
    expect(linkTypeUri('gs1:pip')).toBe('https://ref.gs1.org/voc/pip');
  });
});

describe('less specific paths for resolver fallback', () => {
  it('drops trailing qualifiers one at a time down to the GTIN', () => {
    expect(lessSpecificPaths('01/09506000134352/22/2A/10/ABC/21/S1')).toEqual([
      '01/09506000134352/22/2A/10/ABC',
      '01/09506000134352/22/2A',
      '01/09506000134352',
    ]);
    expect(lessSpecificPaths('/01/9506000134352/21/S1')).toEqual(['01/09506000134352']);
    expect(lessSpecificPaths('01/09506000134352')).toEqual([]);
  });

  it('lists every level including the key itself, most specific first', () => {
    expect(digitalLinkLevels({ gtin: '09506000134352', batch: 'A/B' })).toEqual([
      '01/09506000134352/10/A%2FB',
      '01/09506000134352',
    ]);
  });

  it('refuses an invalid path', () => {
    expect(() => lessSpecificPaths('01/09506000134352/10/A/22/B')).toThrow(/must come before/);
  });
});

describe('RFC 9264 linksets', () => {
  const origin = 'https://brand.example';
  const batchAnchor = buildDigitalLinkUri(origin, { gtin: '09506000134352', batch: 'ABC' });
  const gtinAnchor = buildDigitalLinkUri(origin, { gtin: '09506000134352' });

  it('lists each level with full link type URIs, every link titled, and the default repeated as a plain defaultLink', () => {
    const doc = buildLinkset([
      {
        anchor: batchAnchor,
        itemDescription: 'Rice, batch ABC',
        entries: [
          { linkType: 'gs1:recallStatus', href: 'https://brand.example/recall' },
          {
            href: 'https://brand.example/pip',
            default: true,
            title: 'Product',
            hreflang: ['en'],
            type: 'text/html',
            context: ['FR'],
          },
        ],
      },
      {
        anchor: gtinAnchor,
        entries: [{ linkType: 'https://ref.gs1.org/voc/epil', href: 'https://brand.example/epil' }],
      },
      { anchor: `${gtinAnchor}/none`, entries: [] },
    ]);
    expect(doc).toEqual({
      linkset: [
        {
          anchor: 'https://brand.example/01/09506000134352/10/ABC',
          itemDescription: 'Rice, batch ABC',
          'https://ref.gs1.org/voc/defaultLink': [{ href: 'https://brand.example/pip', title: 'Product' }],
          'https://ref.gs1.org/voc/recallStatus': [{ href: 'https://brand.example/recall', title: 'Recall status' }],
          'https://ref.gs1.org/voc/pip': [
            {
              href: 'https://brand.example/pip',
              title: 'Product',
              hreflang: ['en'],
              type: 'text/html',
              context: ['FR'],
            },
          ],
        },
        {
          anchor: 'https://brand.example/01/09506000134352',
          'https://ref.gs1.org/voc/defaultLink': [
            { href: 'https://brand.example/epil', title: 'Electronic Patient Information Leaflet' },
          ],
          'https://ref.gs1.org/voc/epil': [
            { href: 'https://brand.example/epil', title: 'Electronic Patient Information Leaflet' },
          ],
        },
      ],
    });
  });

  it('takes the first entry as default when none is marked', () => {
    expect(defaultEntry([{ href: 'a' }, { href: 'b' }])?.href).toBe('a');
    expect(defaultEntry([])).toBeUndefined();
  });
});
