import type { Invoice, InvoiceBuyer } from '../../shared/api/invoices';
import { localDateTime } from './invoice-build';

/**
 * An invoice as UBL-TR 1.2 XML (the format of GİB's e-Fatura / e-Arşiv): the elements in the order
 * the UBL 2.1 Invoice schema requires, and only elements that schema defines. Not signed (no
 * ext:UBLExtensions / cac:Signature: signing belongs to the integrator that submits it).
 *
 * Built as text (no XML library is installed): every value goes through `esc`, amounts are
 * decimal strings from integer kuruş (never floating point), dates and times are the issue instant
 * in the tenant's time zone.
 */

// Control characters other than tab and line breaks are not allowed in XML 1.0 at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: exactly those characters are removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

const esc = (value: string): string =>
  value
    .replace(NOT_XML, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
    );

/** Integer kuruş → '1234.50'. */
export function amount(kurus: number): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A net unit price (kuruş / quantity) to at most 8 decimals of a lira, at least 2. */
function unitAmount(kurus: number, quantity: number): string {
  if (quantity === 0) return '0.00';
  const [whole, fraction = ''] = (kurus / quantity / 100).toFixed(8).replace(/0+$/, '').split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

class Xml {
  private readonly parts: string[] = [];
  open(name: string, attrs = ''): this {
    this.parts.push(`<${name}${attrs}>`);
    return this;
  }
  close(name: string): this {
    this.parts.push(`</${name}>`);
    return this;
  }
  leaf(name: string, value: string | number, attrs = ''): this {
    this.parts.push(`<${name}${attrs}>${esc(String(value))}</${name}>`);
    return this;
  }
  money(name: string, kurus: number): this {
    return this.leaf(name, amount(kurus), ' currencyID="TRY"');
  }
  text(): string {
    return this.parts.join('');
  }
}

/** A VKN (10 digits) or TCKN (11 digits); a consumer without one is the e-Arşiv's 11111111111. */
export function buyerIdentification(taxNumber: string | null): { scheme: 'VKN' | 'TCKN'; id: string } {
  if (taxNumber && /^\d{10}$/.test(taxNumber)) return { scheme: 'VKN', id: taxNumber };
  if (taxNumber && /^\d{11}$/.test(taxNumber)) return { scheme: 'TCKN', id: taxNumber };
  return { scheme: 'TCKN', id: '11111111111' };
}

interface PartyData {
  taxNumber: string | null;
  name: string;
  address: string | null;
  city: string | null;
  taxOffice: string | null;
  phone: string | null;
  email: string | null;
  website?: string | null;
}

function party(
  xml: Xml,
  role: 'cac:AccountingSupplierParty' | 'cac:AccountingCustomerParty',
  p: PartyData,
): void {
  const { scheme, id } = buyerIdentification(p.taxNumber);
  xml.open(role).open('cac:Party');
  if (p.website) xml.leaf('cbc:WebsiteURI', p.website);
  xml
    .open('cac:PartyIdentification')
    .leaf('cbc:ID', id, ` schemeID="${scheme}"`)
    .close('cac:PartyIdentification');
  // A person (TCKN) is named by cac:Person below; a company by cac:PartyName.
  if (scheme === 'VKN') xml.open('cac:PartyName').leaf('cbc:Name', p.name).close('cac:PartyName');
  xml.open('cac:PostalAddress');
  if (p.address) xml.leaf('cbc:StreetName', p.address);
  xml.leaf('cbc:CitySubdivisionName', p.city ?? '-');
  xml.leaf('cbc:CityName', p.city ?? '-');
  xml.open('cac:Country').leaf('cbc:Name', 'Türkiye').close('cac:Country');
  xml.close('cac:PostalAddress');
  if (p.taxOffice) {
    xml
      .open('cac:PartyTaxScheme')
      .open('cac:TaxScheme')
      .leaf('cbc:Name', p.taxOffice)
      .close('cac:TaxScheme')
      .close('cac:PartyTaxScheme');
  }
  if (p.phone || p.email) {
    xml.open('cac:Contact');
    if (p.phone) xml.leaf('cbc:Telephone', p.phone);
    if (p.email) xml.leaf('cbc:ElectronicMail', p.email);
    xml.close('cac:Contact');
  }
  if (scheme === 'TCKN') {
    const words = p.name.trim().split(/\s+/);
    const family = words.length > 1 ? (words.pop() as string) : '-';
    xml
      .open('cac:Person')
      .leaf('cbc:FirstName', words.join(' ') || p.name)
      .leaf('cbc:FamilyName', family)
      .close('cac:Person');
  }
  xml.close('cac:Party').close(role);
}

function buyerParty(buyer: InvoiceBuyer): PartyData {
  return {
    taxNumber: buyer.tax_number,
    name: buyer.company_name || buyer.name,
    address: buyer.address,
    city: buyer.city,
    taxOffice: buyer.tax_office,
    phone: buyer.phone,
    email: buyer.email,
  };
}

function taxCategory(xml: Xml, rate: number): void {
  xml.open('cac:TaxCategory');
  // A 0 % line must say why it carries no KDV (351: "Diğer" — no exemption code applies).
  if (rate === 0)
    xml.leaf('cbc:TaxExemptionReasonCode', '351').leaf('cbc:TaxExemptionReason', 'KDV İstisna Olmayan Diğer');
  xml
    .open('cac:TaxScheme')
    .leaf('cbc:Name', 'KDV')
    .leaf('cbc:TaxTypeCode', '0015')
    .close('cac:TaxScheme')
    .close('cac:TaxCategory');
}

export interface XmlContext {
  timeZone: string;
  /** For a return invoice: the sale's issue instant (BillingReference needs its date). */
  originalIssuedAt?: string | null;
}

export function renderInvoiceXml(invoice: Invoice, context: XmlContext): string {
  const [date, time] = localDateTime(new Date(invoice.issued_at), context.timeZone);
  const xml = new Xml();
  xml.open(
    'Invoice',
    ' xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"' +
      ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
      ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"',
  );
  xml
    .leaf('cbc:UBLVersionID', '2.1')
    .leaf('cbc:CustomizationID', 'TR1.2')
    .leaf('cbc:ProfileID', invoice.profile)
    .leaf('cbc:ID', invoice.invoice_number ?? '')
    .leaf('cbc:CopyIndicator', 'false')
    .leaf('cbc:UUID', invoice.ettn)
    .leaf('cbc:IssueDate', date)
    .leaf('cbc:IssueTime', time)
    .leaf('cbc:InvoiceTypeCode', invoice.type)
    .leaf('cbc:Note', invoice.amount_in_words)
    .leaf('cbc:Note', `Sipariş No: ${invoice.order_number}`)
    .leaf('cbc:DocumentCurrencyCode', 'TRY')
    .leaf('cbc:LineCountNumeric', invoice.lines.length);
  if (invoice.type === 'IADE' && invoice.original_invoice_number) {
    const originalDate = context.originalIssuedAt
      ? localDateTime(new Date(context.originalIssuedAt), context.timeZone)[0]
      : date;
    xml
      .open('cac:BillingReference')
      .open('cac:InvoiceDocumentReference')
      .leaf('cbc:ID', invoice.original_invoice_number)
      .leaf('cbc:IssueDate', originalDate)
      .leaf('cbc:DocumentTypeCode', 'IADE')
      .close('cac:InvoiceDocumentReference')
      .close('cac:BillingReference');
  }
  const s = invoice.seller;
  party(xml, 'cac:AccountingSupplierParty', {
    taxNumber: s.tax_number,
    name: s.legal_name,
    address: s.address,
    city: s.city,
    taxOffice: s.tax_office,
    phone: s.phone,
    email: s.email,
    website: s.website,
  });
  party(xml, 'cac:AccountingCustomerParty', buyerParty(invoice.buyer));

  xml.open('cac:TaxTotal').money('cbc:TaxAmount', invoice.vat_total_kurus);
  for (const total of invoice.rate_totals) {
    xml
      .open('cac:TaxSubtotal')
      .money('cbc:TaxableAmount', total.net_kurus)
      .money('cbc:TaxAmount', total.vat_kurus)
      .leaf('cbc:Percent', total.rate);
    taxCategory(xml, total.rate);
    xml.close('cac:TaxSubtotal');
  }
  xml.close('cac:TaxTotal');

  xml
    .open('cac:LegalMonetaryTotal')
    .money('cbc:LineExtensionAmount', invoice.net_total_kurus)
    .money('cbc:TaxExclusiveAmount', invoice.net_total_kurus)
    .money('cbc:TaxInclusiveAmount', invoice.gross_total_kurus)
    .money('cbc:PayableAmount', invoice.gross_total_kurus)
    .close('cac:LegalMonetaryTotal');

  for (const line of invoice.lines) {
    xml
      .open('cac:InvoiceLine')
      .leaf('cbc:ID', line.line_no)
      .leaf('cbc:InvoicedQuantity', line.quantity, ' unitCode="C62"')
      .money('cbc:LineExtensionAmount', line.net_kurus)
      .open('cac:TaxTotal')
      .money('cbc:TaxAmount', line.vat_kurus)
      .open('cac:TaxSubtotal')
      .money('cbc:TaxableAmount', line.net_kurus)
      .money('cbc:TaxAmount', line.vat_kurus)
      .leaf('cbc:Percent', line.vat_rate);
    taxCategory(xml, line.vat_rate);
    xml.close('cac:TaxSubtotal').close('cac:TaxTotal').open('cac:Item').leaf('cbc:Name', line.product_name);
    if (line.product_code) {
      xml
        .open('cac:SellersItemIdentification')
        .leaf('cbc:ID', line.product_code)
        .close('cac:SellersItemIdentification');
    }
    xml
      .close('cac:Item')
      .open('cac:Price')
      .leaf('cbc:PriceAmount', unitAmount(line.net_kurus, line.quantity), ' currencyID="TRY"')
      .close('cac:Price')
      .close('cac:InvoiceLine');
  }
  xml.close('Invoice');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml.text()}\n`;
}
