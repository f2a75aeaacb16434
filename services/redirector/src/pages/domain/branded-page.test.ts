import { brandedPage } from './branded-page';

test('tenant branding cannot inject markup, script, styles or unsafe links', () => {
  const html = brandedPage('expired', {
    name: '"><img src=x onerror=alert(1)>',
    logoUrl: 'javascript:alert(1)',
    primaryColor: 'red;}</style><script>alert(1)</script>',
    backgroundColor: 'url(https://evil.example/x.png)',
    fallbackUrl: 'https://acme.example/"onmouseover="alert(1)',
  });
  expect(html).not.toMatch(/<script|<img|javascript:|evil\.example/i);
  expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
  expect(html).toContain('href="https://acme.example/%22onmouseover=%22alert(1)"');
  expect(html).toContain('color:#1f2937');
});

test('the expiry page links to the fallback URL and names the tenant; the not-found page has no fallback link', () => {
  const branding = {
    name: 'Acme',
    logoUrl: 'https://cdn.acme.example/logo.png',
    primaryColor: '#ff0000',
    fallbackUrl: 'https://acme.example/',
  };
  const expired = brandedPage('expired', branding);
  expect(expired).toContain('<p class="tenant">Acme</p>');
  expect(expired).toContain('<a href="https://acme.example/"');
  expect(expired).toContain('color:#ff0000');
  expect(brandedPage('not_found', branding)).not.toContain('<a href');
  expect(brandedPage('not_found', undefined)).toContain('Link not found');
});

test("the page draws no image from the tenant's logo host, which would see every visitor", () => {
  const page = brandedPage('expired', { name: 'Acme', logoUrl: 'https://cdn.acme.example/logo.png' });
  expect(page).not.toMatch(/<img|cdn\.acme\.example/);
});
