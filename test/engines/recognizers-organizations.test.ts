import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findOrganizations } from '../../src/engines/recognizers/index.ts';

function values(text: string): string[] {
  return findOrganizations(text).map((s) => s.value);
}

describe('findOrganizations', () => {
  const found: [string, string[]][] = [
    [
      'This Agreement is entered into by Bluefin Robotics, Inc. and its affiliates.',
      ['Bluefin Robotics, Inc.'],
    ],
    [
      'between Acme Widgets, Inc., a Delaware corporation, and Beta Labs LLC.',
      ['Acme Widgets, Inc.', 'Beta Labs LLC'],
    ],
    ['PARTIES:\nJohn Roe ("EMPLOYEE")\nand\nGLOBEX, Inc., divisions and affiliates', ['GLOBEX, Inc.']],
    ['Harbor Lane and Partners LP shall pay the fee.', ['Harbor Lane and Partners LP']],
    // Central European legal forms, and a one-letter "and" ("i" in Polish) inside a name.
    ['Sprzedawca: Drukarnia Zielony Liść Sp. z o.o.', ['Drukarnia Zielony Liść Sp. z o.o.']],
    ['Nabywca: Biuro Rachunkowe Mazur i Wspólnicy Sp.j.', ['Biuro Rachunkowe Mazur i Wspólnicy Sp.j.']],
    ['Dodavatel: Strojírna Novák Brno s.r.o.', ['Strojírna Novák Brno s.r.o.']],
    ['Vevő: Duna Logisztika Kft.', ['Duna Logisztika Kft.']],
    ['Fornecedor: Azulejo Digital, Lda.', ['Azulejo Digital, Lda.']],
    ['Lieferant: Hollerbach Catering e.U.', ['Hollerbach Catering e.U.']],
    // An ampersand joins the names a firm goes by, however many words follow it.
    ['HARTLEY & SONS PLUMBING AND HEATING LTD', ['HARTLEY & SONS PLUMBING AND HEATING LTD']],
    [
      'Blue Bay Capital Holdings and Investments Ltd. (the "Buyer")',
      ['Blue Bay Capital Holdings and Investments Ltd.'],
    ],
    [
      'by and between Northwind Traders and R. J. Miller Enterprises.',
      ['Northwind Traders', 'R. J. Miller Enterprises'],
    ],
    [
      'TAX INVOICE\nGOLDEN SPOON RESTAURANT SDN. BHD.\n(Co. Reg. No: 123456-X)',
      ['GOLDEN SPOON RESTAURANT SDN. BHD.'],
    ],
    ['MR. FIX-IT (M) SDN BHD\nLOT 12, JALAN 3', ['MR. FIX-IT (M) SDN BHD']],
    ['SUNRISE CO. (M) BHD\n3RD FLOOR', ['SUNRISE CO. (M) BHD']],
    ['MR. A.I.M. (M) SDN BHD\nLOT 5', ['MR. A.I.M. (M) SDN BHD']],
    ['99 BEST MART S/B\nNO 5 JALAN 2', ['99 BEST MART S/B']],
    ['KWONG HING HARDWARE TRADING\nNO 4', ['KWONG HING HARDWARE TRADING']],
    ['KEDAI RUNCIT MAJU JAYA\nNO 5, JALAN 3', ['KEDAI RUNCIT MAJU JAYA']],
    ['KEDAI MAJU S/B\nNO 5, JALAN 3', ['KEDAI MAJU S/B']],
    ['KEDAI UBAT MAJU (M) SDN BHD\nNO 5, JALAN 3', ['KEDAI UBAT MAJU (M) SDN BHD']],
    ['Restoran Selera Maju Sdn Bhd', ['Restoran Selera Maju Sdn Bhd']],
    ['Supplier: Deutsche Beispiel GmbH & Co. KG, Berlin', ['Deutsche Beispiel GmbH & Co. KG']],
    ['Orion Data Systems Pte. Ltd. is registered in Singapore.', ['Orion Data Systems Pte. Ltd.']],
    ['WHEREAS, Falcon Ridge Corp. desires to evaluate', ['Falcon Ridge Corp.']],
    ['made between Redwood Pharma,\nInc., a company with offices in Texas', ['Redwood Pharma, Inc.']],
    ['the products of The Coca-Cola Company are', ['The Coca-Cola Company']],
    ['Escalade, Incorporated shall', ['Escalade, Incorporated']],
    ['Lakeside Bancorp and Hill Street Plc', ['Lakeside Bancorp', 'Hill Street Plc']],
    // "Cash & Carry" is a kind of shop, not the payment word "CASH" ending a name.
    ['SEGI CASH & CARRY SDN.BHD\nLOT 3', ['SEGI CASH & CARRY SDN.BHD']],
    ['Segi Cash & Carry Sdn.Bhd', ['Segi Cash & Carry Sdn.Bhd']],
    ['FIVE STAR CASH AND CARRY\nNO 12', ['FIVE STAR CASH AND CARRY']],
    // A trade word joined by "&" to the shop's other trade, at the end of the line: one name.
    ['TEO HENG STATIONERY & BOOKS\nNO. 53, JALAN BESAR', ['TEO HENG STATIONERY & BOOKS']],
    // …but not to a word that goes on into the line ("& Sons Ltd" is read from its legal form).
    ['KWONG HING HARDWARE TRADING & more items\nNO 4', ['KWONG HING HARDWARE TRADING']],
    // A branch or region of several words in parentheses before the legal form, a dot glued to a letter.
    ['BOOK TA .K (TAMAN DAYA) SDN BHD\n789417-W', ['BOOK TA .K (TAMAN DAYA) SDN BHD']],
    ['KEDAI ABC (TAMAN DAYA) SDN BHD\nNO 5, JALAN 3', ['KEDAI ABC (TAMAN DAYA) SDN BHD']],
    ['Orion Data (Asia Pacific) Pte. Ltd.', ['Orion Data (Asia Pacific) Pte. Ltd.']],
    // A form glued to the word after it opens a label, not more of the name's form.
    ['SWC ENTERPRISE SDN BHD Co.Reg.No:1118467-A', ['SWC ENTERPRISE SDN BHD']],
    // A legal form whose last dot is left out.
    ['ORCHID TRADING PTE. LTD\n10 ANSON ROAD', ['ORCHID TRADING PTE. LTD']],
  ];
  for (const [text, expected] of found) {
    it(`finds ${expected.join(' + ')}`, () => assert.deepEqual(values(text), expected));
  }

  const none: string[] = [
    'The Company shall not disclose the information.',
    'the Company shall not disclose the information.',
    'a limited liability company organized under the laws of Delaware',
    'This is our Insider Trading Policy.',
    'The Limited Warranty covers parts only.',
    'President of the Company and Board of the Company',
    '(Co. Reg. No: 123456-X)',
    'RICE 5 KG 12.90',
    'CASH 50.00\nCHANGE 2.10',
    // Trades alone are a tagline under a shop's name, not a name.
    'BISTRO & CAFE',
    'Bakery Cafe',
  ];
  for (const text of none) {
    it(`finds no organization in "${text}"`, () => assert.deepEqual(values(text), []));
  }

  it('keeps the offsets and the text of each span', () => {
    const text = 'Seller: Kestrel Marine Ltd, Dock 4';
    const [span] = findOrganizations(text);
    assert.ok(span);
    assert.equal(text.slice(span.start, span.end), span.text);
    assert.equal(span.kind, 'organization');
  });

  it('is surer of a legal form than of a trade word', () => {
    const [legal] = findOrganizations('Kestrel Marine Ltd');
    const [trade] = findOrganizations('Kestrel Marine Trading');
    assert.ok(legal && trade);
    assert.ok(legal.confidence > trade.confidence);
  });
});
