import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findPostalAddresses } from '../../src/engines/recognizers/index.ts';

describe('findPostalAddresses', () => {
  it('reads a Singapore unit line ("#01-1187") as part of the address, and the numbered line over it', () => {
    for (const [lines, value] of [
      [
        [
          'AH SENG KOPI & TOAST',
          'BLK 418 ANG MO KIO AVE 10',
          '#01-1187',
          'SINGAPORE 560418',
          'Tel: 6456 2290',
        ],
        'BLK 418 ANG MO KIO AVE 10, #01-1187, SINGAPORE 560418',
      ],
      [
        ['PAGEMARK BOOKS PTE LTD', '10 TAMPINES CENTRAL 3', '#02-15', 'SINGAPORE 529538', 'RCPT NO: 4471'],
        '10 TAMPINES CENTRAL 3, #02-15, SINGAPORE 529538',
      ],
    ] as const) {
      assert.deepEqual(
        findPostalAddresses([...lines]).map((b) => b.value),
        [value],
      );
    }
    // Two items and a total are no address, though they open with numbers.
    assert.deepEqual(findPostalAddresses(['2 NASI LEMAK 7.00', '1 TEH TARIK 2.20', 'TOTAL 9.20']), []);
  });

  it('joins a receipt header address and leaves out the name, register and phone lines', () => {
    const lines = [
      'GOLDEN SPOON RESTAURANT SDN. BHD.',
      '(Co. Reg. No: 123456-X)',
      '12, JALAN MAJU 3/4,',
      'TAMAN SERI INDAH,',
      '47400 PETALING JAYA',
      'TEL: 03-7722 1234',
      'INVOICE NO: 1001',
      'TOTAL 54.50',
    ];
    const [block, ...rest] = findPostalAddresses(lines);
    assert.deepEqual(rest, []);
    assert.ok(block);
    assert.equal(block.startLine, 2);
    assert.equal(block.endLine, 4);
    assert.equal(block.value, '12, JALAN MAJU 3/4, TAMAN SERI INDAH, 47400 PETALING JAYA');
    assert.ok(block.confidence >= 0.8);
  });

  it('ends an address line where a phone, fax, e-mail or tax registration label and its value begin', () => {
    const cases: [string[], string][] = [
      [
        ['KEDAI MAJU SDN BHD', 'NO 1, JALAN BESAR, 43000 KAJANG, SELANGOR. TEL: 03-1234 5678'],
        'NO 1, JALAN BESAR, 43000 KAJANG, SELANGOR',
      ],
      [
        ['KEDAI MAJU SDN BHD', '12, JALAN MAJU 3/4,', '47400 PETALING JAYA H/P 012-3456789'],
        '12, JALAN MAJU 3/4, 47400 PETALING JAYA',
      ],
      [
        ['KEDAI MAJU SDN BHD', 'NO 1, JALAN BESAR, 43000 KAJANG, SELANGOR (GST ID: 000123456789)'],
        'NO 1, JALAN BESAR, 43000 KAJANG, SELANGOR',
      ],
      [
        ['KEDAI MAJU SDN BHD', 'NO 1, JALAN BESAR,', '43000 KAJANG, SELANGOR Email: info@maju.com.my'],
        'NO 1, JALAN BESAR, 43000 KAJANG, SELANGOR',
      ],
      [
        ['KEDAI MAJU SDN BHD', 'LOT 5, JALAN BESAR, TAMAN MAJU PH 2,', '43000 KAJANG, SELANGOR'],
        'LOT 5, JALAN BESAR, TAMAN MAJU PH 2, 43000 KAJANG, SELANGOR',
      ],
    ];
    for (const [lines, address] of cases) {
      assert.deepEqual(
        findPostalAddresses(lines).map((b) => b.value),
        [address],
      );
    }
  });

  it('leaves out a label of a few words before a colon, but not a one-word "NO:" that starts the address', () => {
    assert.deepEqual(
      findPostalAddresses([
        'Property insured:     27 Meadow Lane, Leeds LS6 2QT',
        '',
        'Site address: 12 High Street, York YO1 7HP',
        '',
        'NO: 5, JALAN MAJU 3, TAMAN SERI, 47400 PETALING JAYA',
      ]).map((b) => b.value),
      [
        '27 Meadow Lane, Leeds LS6 2QT',
        '12 High Street, York YO1 7HP',
        'NO: 5, JALAN MAJU 3, TAMAN SERI, 47400 PETALING JAYA',
      ],
    );
  });

  it('reads a one-line address with glued commas', () => {
    const lines = [
      'KEDAI RUNCIT MAJU',
      'NO.8,JALAN PERMAS 10/7, PERMAS JAYA, 81750 JOHOR BAHRU.',
      'GST ID: 000123456789',
    ];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => [b.startLine, b.endLine, b.value]),
      [[1, 1, 'NO.8,JALAN PERMAS 10/7, PERMAS JAYA, 81750 JOHOR BAHRU.']],
    );
  });

  it('joins a European postcode-and-town line and a country in its own language', () => {
    for (const [lines, value] of [
      [
        ['MAISON MARTENS SPRL', 'Rue du Marché 27', '4000 Liège', 'Belgique'],
        'Rue du Marché 27, 4000 Liège, Belgique',
      ],
      [['Industriestraße 44', 'A-4600 Wels', 'Österreich'], 'Industriestraße 44, A-4600 Wels, Österreich'],
      [['Havenweg 12', "3295 KK 's-Gravendeel"], "Havenweg 12, 3295 KK 's-Gravendeel"],
    ] as const) {
      const [block] = findPostalAddresses([...lines]);
      assert.equal(block?.value, value);
    }
    // A year and a heading are no town.
    assert.deepEqual(findPostalAddresses(['2024 Annual Report of the Board']), []);
  });

  it('joins a US address over three lines with ", "', () => {
    const lines = [
      'Acme Widgets, Inc.',
      '1200 Harbor Boulevard',
      'Suite 300',
      'Springfield, IL 62701',
      'Phone: (555) 123-4567',
    ];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => [b.startLine, b.endLine, b.value]),
      [[1, 3, '1200 Harbor Boulevard, Suite 300, Springfield, IL 62701']],
    );
  });

  it('drops an "Address:" label and reads a UK postcode', () => {
    const lines = ['Invoice to:', 'Address: 221B Baker Street', 'London NW1 6XE', 'United Kingdom'];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => b.value),
      ['221B Baker Street, London NW1 6XE, United Kingdom'],
    );
  });

  it('cuts an address out of a contract sentence that wraps onto the next line', () => {
    const lines = [
      'This Agreement is made between Acme Widgets, Inc., having a place of business at 2500 Ocean Avenue, Santa',
      'Clara, CA 95050 ("Acme") and the other party who signs below.',
    ];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => [b.startLine, b.endLine, b.value]),
      [[0, 1, '2500 Ocean Avenue, Santa Clara, CA 95050']],
    );
  });

  it('reads a line of names between two address lines as part of the address', () => {
    const lines = [
      'ADVANCO COMPANY',
      'NO 1&3, Jalan Wangsa Delima 12,',
      'Wangsa Link, Wangsa Maju,',
      '53300 Kuala Lumpur',
      'GST Reg: 001658445824',
    ];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => b.value),
      ['NO 1&3, Jalan Wangsa Delima 12, Wangsa Link, Wangsa Maju, 53300 Kuala Lumpur'],
    );
  });

  it('closes with a branch line before the contact lines, even when OCR misread "GST"', () => {
    const lines = [
      '99 BEST MART S/B',
      'LOT 5, JALAN ANGSA,',
      '41150 KLANG, SELANGOR',
      '1214-JINJANG UTARA',
      'G5T ID. NO : 000181747712',
    ];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => b.value),
      ['LOT 5, JALAN ANGSA, 41150 KLANG, SELANGOR, 1214-JINJANG UTARA'],
    );
  });

  it("ends before the shop's opening hours, which no branch line gives", () => {
    const lines = [
      'KEDAI MAJU',
      'JALAN KLANG LAMA',
      '58000 KUALA LUMPUR',
      'OPEN DAILY 10AM - 10PM',
      'TOTAL 12.90',
    ];
    assert.deepEqual(
      findPostalAddresses(lines).map((b) => b.value),
      ['JALAN KLANG LAMA, 58000 KUALA LUMPUR'],
    );
  });

  it('does not take a registration "NO : 000181747712" for a house number', () => {
    assert.deepEqual(findPostalAddresses(['ID. NO : 000181747712']), []);
  });

  const none: [string, string[]][] = [
    ['item lines', ['Total 12345 apples', 'Qty 3 x 2.50']],
    [
      'a sentence about a court',
      ['The parties agree that the Court of the State of New York shall have jurisdiction.'],
    ],
    ['contact lines', ['Tel: 03-7722 1234', 'Email: shop@example.com']],
    ['nothing', []],
    ['a lower-case phrase with street words', ['we will take the high road and close the park']],
  ];
  for (const [name, lines] of none) {
    it(`finds no address in ${name}`, () => assert.deepEqual(findPostalAddresses(lines), []));
  }
});
