import { renderMail } from './layout';

describe('mail layout', () => {
  it('renders an HTML part with the button and a text twin, escaping what it shows', () => {
    const mail = renderMail({
      locale: 'cs', subject: 'Předmět', preheader: 'p', greeting: 'Dobrý den <b>', paragraphs: ['Odstavec'],
      action: { label: 'Dokončit registraci', url: 'http://localhost:8080/?magic=abc&x=1' }, note: 'Platí 60 minut.', summary: ['Lokalita: Brno'],
    });
    expect(mail.html).toContain('href="http://localhost:8080/?magic=abc&amp;x=1"');
    expect(mail.html).toContain('Dobrý den &lt;b&gt;');
    expect(mail.html).toContain('<html lang="cs">');
    expect(mail.text).toContain('Dokončit registraci: http://localhost:8080/?magic=abc&x=1');
    expect(mail.text).toContain('- Lokalita: Brno');
  });
});
