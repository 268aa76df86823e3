import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import vocabulary from '../../src/engines/recognizers/data/currencies.json' with { type: 'json' };
import {
  currencyOfAmounts,
  type EntitySpan,
  findCurrencies,
  findPercentages,
} from '../../src/engines/recognizers/index.ts';

function found(spans: EntitySpan[]): [string, string][] {
  return spans.map((s) => [s.text, s.value]);
}

function confidenceOf(text: string): number {
  const [span] = findCurrencies(text);
  assert.ok(span, `no currency in "${text}"`);
  return span.confidence;
}

describe('findCurrencies', () => {
  const cases: [string, [string, string][]][] = [
    // ISO codes, before or after the amount, or alone as a word.
    ['USD 2,049.85', [['USD', 'USD']]],
    ['Total 12,00 EUR', [['EUR', 'EUR']]],
    ['Currency: CHF', [['CHF', 'CHF']]],
    ['(USD 5.00)', [['USD', 'USD']]],
    [
      'USD/EUR rate',
      [
        ['USD', 'USD'],
        ['EUR', 'EUR'],
      ],
    ],
    ['Amount RMB 300', [['RMB', 'CNY']]],
    // Symbols and local marks beside amounts.
    ['€ 12', [['€', 'EUR']]],
    ['£5', [['£', 'GBP']]],
    ['Preis 12,- €', [['€', 'EUR']]],
    ['¥1,000', [['¥', 'JPY']]],
    ['₹ 499', [['₹', 'INR']]],
    ['Total: RM 12.50', [['RM', 'MYR']]],
    ['GST:RM12.50', [['RM', 'MYR']]],
    ['Rp 50.000', [['Rp', 'IDR']]],
    ['S$ 8.90', [['S$', 'SGD']]],
    ['US$ 100', [['US$', 'USD']]],
    ['A$5', [['A$', 'AUD']]],
    ['C$ 20', [['C$', 'CAD']]],
    ['HK$ 10', [['HK$', 'HKD']]],
    ['$ 5', [['$', 'USD']]],
    ['120 kr', [['kr', 'SEK']]],
    ['120 zł', [['zł', 'PLN']]],
    ['250 Kč', [['Kč', 'CZK']]],
    // As written without diacritics, and as OCR's English model reads them.
    ['7 464,36 zl', [['zl', 'PLN']]],
    ['7 464,36 zt', [['zt', 'PLN']]],
    ['34 036,09 Kc', [['Kc', 'CZK']]],
    ['34 036,09 Ké', [['Ké', 'CZK']]],
    ['Fr. 12.50', [['Fr.', 'CHF']]],
    ['CHF 12.50', [['CHF', 'CHF']]],
    ['价格：128元', [['元', 'CNY']]],
    // ¥ is the yuan when the text also writes 元 or RMB.
    [
      '¥ 128.00 RMB',
      [
        ['¥', 'CNY'],
        ['RMB', 'CNY'],
      ],
    ],
    // Names, in several languages.
    ['twelve euros', [['euros', 'EUR']]],
    ['paid in US dollars', [['US dollars', 'USD']]],
    ['ten dollars', [['dollars', 'USD']]],
    ['10 pounds sterling', [['pounds sterling', 'GBP']]],
    ['lima ringgit', [['ringgit', 'MYR']]],
    ['zahlbar in Schweizer Franken', [['Schweizer Franken', 'CHF']]],
    ['100 livres', [['livres', 'GBP']]],
    ['cien dólares', [['dólares', 'USD']]],
    ['1000 yen', [['yen', 'JPY']]],
    ['合计 100美元', [['美元', 'USD']]],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () =>
      assert.deepEqual(found(findCurrencies(text)), expected));
  }

  const none: string[] = [
    'Europe EUROPE Eur',
    // Codes keep their case: these are words.
    'try again, all of it, cad drawing',
    // Codes that are upper-case words count only right beside a price.
    'ALL ITEMS 2',
    'PAGE 2 ALL',
    'TRY IT NOW',
    'CUP OF TEA',
    // Local marks need an amount.
    'RM',
    'Fr. 12 Mai',
    // A code inside an identifier, a symbol inside a word, a tax code, a weight.
    'INV2024USD001',
    'echo $HOME',
    'GST: 6% SR',
    'Weight 12.50 KGS',
    'a real bargain',
  ];
  for (const text of none) {
    it(`finds nothing in "${text}"`, () => assert.deepEqual(findCurrencies(text), []));
  }

  it('takes an upper-case word code as a currency beside a price', () => {
    assert.deepEqual(found(findCurrencies('ALL 1,200.00')), [['ALL', 'ALL']]);
    assert.deepEqual(found(findCurrencies('TOTAL 45,50 TRY')), [['TRY', 'TRY']]);
  });

  it('is surest of a code beside an amount, then a symbol, then a code alone, then a name', () => {
    const code = confidenceOf('EUR 12.00');
    const symbol = confidenceOf('€ 12.00');
    const alone = confidenceOf('Currency: EUR');
    const name = confidenceOf('twelve euros');
    assert.ok(code > symbol && symbol > alone && alone > name, `${code} ${symbol} ${alone} ${name}`);
  });

  it('is less sure of a mark several currencies share', () => {
    assert.ok(confidenceOf('$ 12.00') < confidenceOf('€ 12.00'));
    assert.ok(confidenceOf('kr 120') < confidenceOf('SEK 120'));
    assert.ok(confidenceOf('¥ 500') < confidenceOf('¥ 500 (500元)'));
  });

  it('leaves a "$" as USD even where the text names another dollar: the caller weighs', () => {
    const spans = findCurrencies('Total: $1,200.00 (all amounts in AUD)');
    assert.deepEqual(found(spans), [
      ['$', 'USD'],
      ['AUD', 'AUD'],
    ]);
    assert.ok(spans[0]!.confidence < spans[1]!.confidence);
  });

  it('spans the mark only, at its offsets', () => {
    const text = 'Total due: HK$ 1,200.00';
    const [span] = findCurrencies(text);
    assert.ok(span);
    assert.equal(text.slice(span.start, span.end), 'HK$');
    assert.equal(span.kind, 'currency');
  });

  it('names only ISO 4217 codes in its vocabulary', () => {
    const codes = new Set(vocabulary.codes);
    const named = [
      ...Object.values(vocabulary.aliases),
      ...Object.values(vocabulary.symbols),
      ...Object.values(vocabulary.marks),
      ...Object.values(vocabulary.names).flatMap((byForm) => Object.values(byForm)),
      ...vocabulary.shared.flatMap((group) => group.codes),
    ];
    assert.deepEqual(
      named.filter((code) => !codes.has(code)),
      [],
    );
  });
});

describe('findPercentages', () => {
  const cases: [string, [string, string][]][] = [
    ['VAT 19 %', [['19 %', '19']]],
    ['7.5%', [['7.5%', '7.5']]],
    ['MwSt. 7,5 %', [['7,5 %', '7.5']]],
    ['a 20 pct discount', [['20 pct', '20']]],
    ['20 per cent of the fee', [['20 per cent', '20']]],
    ['20 percent', [['20 percent', '20']]],
    ['zuzüglich 19 Prozent', [['19 Prozent', '19']]],
    ['change -2.5%', [['-2.5%', '-2.5']]],
    ['VAT 20% on 100.00', [['20%', '20']]],
  ];
  for (const [text, expected] of cases) {
    it(`"${text}" → ${JSON.stringify(expected)}`, () =>
      assert.deepEqual(found(findPercentages(text)), expected));
  }

  const none: string[] = ['zwanzig Prozent', 'a%20b', 'the 20 percentile', 'Total 100.00', 'Page 3 of 4'];
  for (const text of none) {
    it(`finds nothing in "${text}"`, () => assert.deepEqual(findPercentages(text), []));
  }

  it('marks its spans as percentages', () => {
    assert.equal(findPercentages('19%')[0]?.kind, 'percent');
  });
});

describe('currencyOfAmounts', () => {
  it('reads "$" amounts as AUD when the document says AUD', () => {
    const text = 'Subtotal: $1,100.00\nGST: $100.00\nTotal: $1,200.00\n\nAll amounts in AUD';
    assert.equal(currencyOfAmounts(text)?.code, 'AUD');
  });

  it('reads RM amounts as MYR, surely', () => {
    const result = currencyOfAmounts('Subtotal RM 12.50\nSST RM 0.75\nTotal RM 13.25');
    assert.equal(result?.code, 'MYR');
    assert.ok(result.confidence >= 0.8);
  });

  it('takes a lone "$" for USD, less surely', () => {
    const result = currencyOfAmounts('Total: $1,200.00');
    assert.equal(result?.code, 'USD');
    assert.ok(result.confidence < currencyOfAmounts('Total: USD 1,200.00')!.confidence);
  });

  it('reads "kr" as NOK in a document that names NOK', () => {
    assert.equal(currencyOfAmounts('Sum kr 1 200,00\nMVA kr 240,00\nValuta: NOK')?.code, 'NOK');
  });

  it('follows the majority of amounts', () => {
    const result = currencyOfAmounts('Rate: USD 1.00 = EUR 0.92\nNet EUR 100.00\nTotal EUR 119.00');
    assert.equal(result?.code, 'EUR');
    assert.ok(result.confidence < 0.95);
  });

  it('is null without any currency', () => {
    assert.equal(currencyOfAmounts('Invoice 42, 3 items, 19% VAT'), null);
  });
});
