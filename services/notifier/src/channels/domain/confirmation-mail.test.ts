import { confirmationMail } from './confirmation-mail';

describe('opt-in mail', () => {
  it("escapes the requester's channel name in the HTML part and keeps it to one line in the text part", () => {
    const mail = confirmationMail('<a href="//e.test">x</a>\r\nBcc: y', 'https://api.test/v1/c/t?a=1&b=2', 48);
    expect(mail.html).not.toContain('<a href="//e.test">');
    expect(mail.html).toContain('&lt;a href=&quot;//e.test&quot;&gt;');
    expect(mail.html).toContain('href="https://api.test/v1/c/t?a=1&amp;b=2"');
    expect(mail.text.split('\n')[0]).toContain('Bcc: y');
    expect(mail.subject).toBe('Confirm Waymark click notifications');
  });
});
