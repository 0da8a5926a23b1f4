import { DEFAULT_TIME_ZONE, formatDateTime } from '../../shared/domain/time';
/**
 * The e-mails the server sends, in Turkish: a plain-text body and a simple HTML one carrying the
 * same words. Everything that comes from data (a customer's name in a notification, a company
 * name) is escaped in the HTML; the subject and the text are plain text and stay as they are.
 */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line of a subject: no line breaks (a header cannot hold them), at most 200 characters. */
function subjectLine(value: string): string {
  const flat = value.replace(/[\r\n\t]+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

const FOOTER = 'Bu e-posta Sipariş Yönetim Sistemi tarafından otomatik olarak gönderilmiştir.';

function layout(
  company: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  after: string[] = [],
): string {
  const para = (p: string) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  const body = [...paragraphs.map(para)];
  const button = link
    ? `<p style="margin:16px 0"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:10px 18px;background:#1565c0;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p><p style="margin:0 0 12px;font-size:13px;color:#555555">${escapeHtml(link.href)}</p>`
    : '';
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(company)}</title></head><body style="margin:0;padding:24px;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#212121"><div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px"><p style="margin:0 0 16px;font-weight:bold">${escapeHtml(company)}</p>${body.join('')}${button}${after.map(para).join('')}<p style="margin:24px 0 0;font-size:12px;color:#616161">${escapeHtml(FOOTER)}</p></div></body></html>`;
}

/** A notification's e-mail copy: its title as the subject, its message as the body. */
export function renderNotificationEmail(input: {
  title: string;
  message: string;
  company: string;
}): RenderedEmail {
  const subject = subjectLine(`${input.title} - ${input.company}`);
  const text = `${input.title}\n\n${input.message}\n\n${input.company}\n--\n${FOOTER}\n`;
  return { subject, text, html: layout(input.company, [input.title, input.message]) };
}

/** The password reset link. */
export function renderPasswordResetEmail(input: {
  company: string;
  fullName: string;
  username: string;
  link: string;
  validMinutes: number;
}): RenderedEmail {
  const subject = subjectLine(`Şifre sıfırlama - ${input.company}`);
  const lines = [
    `Merhaba ${input.fullName},`,
    `"${input.username}" kullanıcı adlı hesabınız için bir şifre sıfırlama isteği aldık. Yeni bir şifre belirlemek için aşağıdaki bağlantıyı açın.`,
    `Bağlantı ${input.validMinutes} dakika geçerlidir ve yalnızca bir kez kullanılabilir.`,
    'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; şifreniz değişmez.',
  ];
  const text = `${lines[0]}\n\n${lines[1]}\n\n${input.link}\n\n${lines[2]}\n${lines[3]}\n\n${input.company}\n--\n${FOOTER}\n`;
  return {
    subject,
    text,
    html: layout(
      input.company,
      lines.slice(0, 2),
      { href: input.link, label: 'Yeni şifre belirle' },
      lines.slice(2),
    ),
  };
}

/** A company's sign-up: the link that verifies the contact person's e-mail address. */
export function renderRegistrationVerifyEmail(input: {
  company: string;
  contactName: string;
  subdomain: string;
  link: string;
  validHours: number;
}): RenderedEmail {
  const subject = subjectLine(`E-posta doğrulama - ${input.company}`);
  const lines = [
    `Merhaba ${input.contactName},`,
    `"${input.company}" şirketi için "${input.subdomain}" alt alan adıyla kayıt başvurusu aldık. E-posta adresinizi doğrulamak için aşağıdaki bağlantıyı açın.`,
    `Bağlantı ${input.validHours} saat geçerlidir. Başvurunuz incelendikten sonra size bilgi verilecektir.`,
    'Bu başvuruyu siz yapmadıysanız bu e-postayı dikkate almayın.',
  ];
  const text = `${lines[0]}\n\n${lines[1]}\n\n${input.link}\n\n${lines[2]}\n${lines[3]}\n\n--\n${FOOTER}\n`;
  return {
    subject,
    text,
    html: layout(
      input.company,
      lines.slice(0, 2),
      { href: input.link, label: 'E-postamı doğrula' },
      lines.slice(2),
    ),
  };
}

/** An approved sign-up: the new company's address and its first admin's sign-in details. */
export function renderRegistrationApprovedEmail(input: {
  company: string;
  contactName: string;
  tenantId: string;
  username: string;
  password: string;
  /** The one-time password stops signing in at this time unless used. */
  passwordExpiresAt: Date;
  loginLink: string | null;
}): RenderedEmail {
  const subject = subjectLine(`Şirket kaydınız onaylandı - ${input.company}`);
  // A company just made starts in the default time zone: its clock, by the shared rule.
  const until = formatDateTime(input.passwordExpiresAt, DEFAULT_TIME_ZONE);
  const lines = [
    `Merhaba ${input.contactName},`,
    `"${input.company}" şirket kaydınız onaylandı. Şirket kodu: ${input.tenantId}`,
    `Kullanıcı adı: ${input.username}\nGeçici şifre: ${input.password}`,
    `Bu şifre tek kullanımlıktır: ilk girişte kendi şifrenizi belirlemeniz istenir. ${until} tarihine kadar kullanılmazsa geçersiz olur.`,
  ];
  const link = input.loginLink ? `\n\n${input.loginLink}` : '';
  const text = `${lines.join('\n\n')}${link}\n\n--\n${FOOTER}\n`;
  return {
    subject,
    text,
    html: layout(
      input.company,
      lines.slice(0, 3),
      input.loginLink ? { href: input.loginLink, label: 'Giriş yap' } : undefined,
      lines.slice(3),
    ),
  };
}
