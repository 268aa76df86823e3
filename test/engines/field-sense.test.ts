import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { profileField } from '../../src/engines/local/field-profile.ts';
import { understand } from '../../src/engines/local/field-sense.ts';
import type { Field } from '../../src/fields/field.ts';

const field = (name: string, kind: Field['kind'], description = ''): Field =>
  ({ name, path: name, description, required: false, aliases: [], kind }) as Field;

const conceptOf = (name: string, kind: Field['kind'], description = '') =>
  understand(field(name, kind, description)).concept?.id ?? null;

describe('field sense: a name read as a phrase', () => {
  it('takes the head of the name for what the value is, and its modifier for whose it is', () => {
    for (const name of ['vendor_address', 'store_location', 'shop_address', 'merchantAddress']) {
      const sense = understand(field(name, 'string'));
      assert.equal(sense.concept?.id, 'address', name);
      assert.equal(sense.owner?.id, 'seller', name);
    }
    const buyer = understand(field('customer_email', 'string'));
    assert.equal(buyer.concept?.id, 'email');
    assert.equal(buyer.owner?.id, 'buyer');
  });

  it("keeps the name's amount where the description gives several kinds of it as examples", () => {
    // Salary and fee are a price agreed, a credit limit a sum a policy or an account is granted.
    const described =
      'The headline monetary figure of the letter - sum being demanded, refund, settlement payout, salary offered, credit limit granted or new fee.';
    for (const name of ['keyAmount', 'main_amount', 'amount'])
      assert.equal(conceptOf(name, 'double', described), 'total', name);
    assert.deepEqual(understand(field('keyAmount', 'double', described)).qualifiers, []);
    // One kind named outright still narrows it.
    assert.equal(conceptOf('amount', 'double', 'The monthly salary offered'), 'consideration');
  });

  it("reads a name of some of the description's head words as its short form", () => {
    assert.equal(conceptOf('gross', 'double', 'gross pay this period'), 'gross_pay');
    assert.equal(conceptOf('gross', 'double', 'Gross amount of the invoice'), 'total');
  });

  it("reads a delivery or shipping address as the buyer's, whatever format words end the name", () => {
    for (const name of [
      'delivery_address',
      'shippingAddress',
      'deliveryAddressSingleLine',
      'ship_address_as_printed',
      'afleveradres',
      'lieferanschrift',
      'adresse_de_livraison',
      'direccion_entrega',
      'indirizzo_consegna',
    ]) {
      const sense = understand(field(name, 'string'));
      assert.equal(sense.concept?.id, 'delivery_address', name);
      assert.equal(sense.owner?.id, 'buyer', name);
      assert.deepEqual(sense.qualifiers, [], name);
    }
    // "ship_to" heads a section; its description says which of its values is asked.
    const section = understand(field('ship_to', 'string', 'Ship-to addr, one line, comma separated'));
    assert.equal(section.concept?.id, 'delivery_address');
    assert.equal(section.owner?.id, 'buyer');
    assert.equal(conceptOf('ship_to', 'string', 'Name of the company the goods go to'), 'buyer');
    // The consignee is a party, not its address.
    assert.equal(conceptOf('warenempfaenger', 'string'), 'buyer');
  });

  it("reads another party's company name as that party: purchasingCompanyName is the buyer", () => {
    assert.equal(conceptOf('purchasingCompanyName', 'string'), 'buyer');
    assert.equal(conceptOf('customer_company_name', 'string'), 'buyer');
    assert.equal(conceptOf('supplier_company_name', 'string'), 'seller');
  });

  it('reads the contact, the price per unit, the ISO currency and short forms', () => {
    const contact = understand(field('buyer_contact_name', 'string'));
    assert.equal(contact.concept?.id, 'person');
    assert.equal(contact.owner?.id, 'buyer');
    assert.equal(conceptOf('pricePerUnit', 'double'), 'unit_price');
    assert.equal(conceptOf('currencyIsoCode', 'string'), 'currency');
    assert.equal(conceptOf('dlv_dt', 'date'), 'delivery_date');
    assert.equal(conceptOf('pay_terms', 'string'), 'payment_terms');
  });

  it('reads a generic head narrowed by the entity it names: store_name is the seller', () => {
    assert.equal(conceptOf('store_name', 'string'), 'seller');
    assert.equal(conceptOf('vendor', 'string'), 'seller');
    assert.equal(conceptOf('issuer', 'string'), 'seller');
    assert.equal(conceptOf('client', 'string'), 'buyer');
  });

  it("reads a name written head first, the owner after: alamat_kedai is the shop's address", () => {
    for (const name of ['alamat_kedai', 'adresse_magasin', 'direccion_tienda', 'address_vendor']) {
      const sense = understand(field(name, 'string'));
      assert.equal(sense.concept?.id, 'address', name);
      assert.equal(sense.owner?.id, 'seller', name);
    }
    // A word for the document is not the head: the shop name of the receipt is still the seller.
    assert.equal(conceptOf('invoice_vendor', 'string'), 'seller');
  });

  it('knows the heads of other languages, and their words for the document', () => {
    assert.equal(conceptOf('date_achat', 'date', "Date de l'achat"), 'date');
    assert.equal(understand(field('date_achat', 'date')).qualifiers.length, 0);
    assert.equal(
      conceptOf('fecha_efectiva', 'date', 'Fecha de entrada en vigor del acuerdo'),
      'effective_date',
    );
    assert.equal(conceptOf('ley_aplicable', 'string'), 'jurisdiction');
    assert.equal(conceptOf('enseigne', 'string', 'Nom du magasin'), 'seller');
    assert.equal(conceptOf('net_payable', 'double', 'Net amount payable by the customer incl. GST'), 'total');
  });

  it('reads a question as what it asks for, and short forms and relative words in a name', () => {
    assert.equal(conceptOf('q1', 'string', 'What is the name of the store?'), 'seller');
    assert.equal(conceptOf('q3', 'string', "What is the store's full address?"), 'address');
    assert.equal(conceptOf('biz', 'string'), 'seller');
    assert.equal(conceptOf('eff_dt', 'date'), 'effective_date');
    assert.equal(conceptOf('gov_law', 'string'), 'jurisdiction');
    const sold = understand(field('company_that_sold', 'string'));
    assert.equal(sold.concept?.id, 'seller');
    assert.deepEqual(sold.qualifiers, []);
    const place = understand(field('shop_street_and_city', 'string'));
    assert.equal(place.concept?.id, 'address');
    assert.deepEqual(place.qualifiers, []);
  });

  it('reads a compound name by the known word it ends with, and passes over neutral words', () => {
    const shop = understand(field('Geschaeftsadresse', 'string'));
    assert.equal(shop.concept?.id, 'address');
    assert.equal(shop.owner?.id, 'seller');
    assert.equal(conceptOf('Endsumme', 'double'), 'total');
    assert.equal(conceptOf('winkeladres', 'string'), 'address');
    const involved = { ...field('parties_involved', 'array'), items: field('x', 'string') };
    assert.equal(understand(involved as Field).concept?.id, 'party');
    assert.equal(conceptOf('indirizzo_negozio', 'string'), 'address');
  });

  it('lets the description speak in full for a name that says nothing, and passes over where a value is printed', () => {
    const q1 = understand(field('q1', 'string', 'What is the name of the store?'));
    assert.equal(q1.concept?.id, 'seller');
    assert.equal(q1.from, 'name');
    assert.equal(understand(field('forwarder', 'string', 'Transport company')).from, 'description');
    const header = understand(field('header_name', 'string', 'The trading name printed in the header'));
    assert.equal(header.concept?.id, 'seller');
    assert.deepEqual(header.qualifiers, []);
  });

  it('reads parties "to" something as parties, and a Spanish issuer\'s domicile as its address', () => {
    const parties = { ...field('parties_to_nda', 'array'), items: field('x', 'string') };
    assert.equal(understand(parties as Field).concept?.id, 'party');
    const domicile = understand(field('domicilio_emisor', 'string'));
    assert.equal(domicile.concept?.id, 'address');
    assert.equal(domicile.owner?.id, 'seller');
    assert.equal(conceptOf('gerichtsstand_recht', 'string'), 'jurisdiction');
  });

  it('takes the kind of contract in a name for the document, not a word the label must say', () => {
    const expiry = understand(field('policy_expiry', 'date'));
    assert.equal(expiry.concept?.id, 'end_date');
    assert.deepEqual(expiry.qualifiers, []);
    assert.deepEqual(understand(field('rental_start', 'date')).qualifiers, []);
    assert.equal(conceptOf('inception_date', 'date'), 'start_date');
  });

  it('reads a list the description calls the parties as the parties, whatever the name says', () => {
    const companies = {
      ...field('companies', 'array', 'Every company or person bound by the agreement'),
      items: field('x', 'string'),
    };
    assert.equal(understand(companies as Field).concept?.id, 'party');
    const partes = { ...field('partes', 'array'), items: field('x', 'string') };
    assert.equal(understand(partes as Field).concept?.id, 'party');
  });

  it('turns to the description when the name names nothing it knows', () => {
    const bought = understand(field('bought_on', 'date', 'The day the goods were bought'));
    assert.equal(bought.concept?.id, 'date');
    assert.equal(bought.from, 'description');
    assert.equal(conceptOf('commencement', 'date', 'When the NDA comes into effect'), 'effective_date');
    const signers = {
      ...field('signed_by', 'array', 'Who signs the agreement'),
      items: field('x', 'string'),
    };
    assert.equal(understand(signers as Field).concept?.id, 'party');
    assert.equal(conceptOf('issuer', 'string', 'Who issued the receipt'), 'seller');
    assert.equal(conceptOf('obligation_length', 'string', 'Duration of the obligations'), 'term');
  });

  it('lets a description narrow a generic concept: the date from which an agreement is in force', () => {
    assert.equal(
      conceptOf('agreement_date', 'date', 'Date from which the agreement is in force'),
      'effective_date',
    );
    assert.equal(conceptOf('date', 'date', 'Date printed on the receipt'), 'date');
    assert.equal(conceptOf('due', 'date', 'Date by which payment is due'), 'due_date');
  });

  it('keeps words it does not know as qualifiers the document must say', () => {
    const sense = understand(field('shipment_date', 'date', 'When the goods are shipped'));
    assert.equal(sense.concept?.id, 'date');
    assert.deepEqual(sense.qualifiers, ['shipment']);
    assert.deepEqual(understand(field('receipt_date', 'date')).qualifiers, []);
  });

  it('chooses by the declared type where a word names two things: VAT number or VAT amount', () => {
    assert.equal(conceptOf('seller_vat', 'string'), 'vat_number');
    assert.equal(conceptOf('vat', 'double'), 'tax');
    assert.equal(conceptOf('line_count', 'integer', 'Number of distinct line items'), 'count');
    assert.equal(conceptOf('items', 'integer', 'Number of distinct line items'), 'count');
  });

  it("ends a description's noun phrase at a Romance preposition, and looks past a part to what it is a part of", () => {
    // French "tel que" is "such as", not a telephone.
    const company = understand(
      field('raison_sociale', 'string', "Nom de l'entreprise émettrice du ticket tel qu'imprimé en tête."),
    );
    assert.notEqual(company.concept?.id, 'phone');
    for (const description of [
      'The part of the invoice amount that the patient pays after insurance.',
      'Der Teil des Rechnungsbetrags, den der Patient selbst tragen muss.',
      'La partie du montant total que le patient doit payer.',
    ]) {
      assert.equal(understand(field('q7', 'string', description)).family, 'amount', description);
    }
  });

  it('knows the names Italian, Dutch, French and Spanish developers give the usual fields', () => {
    const cases: [string, Field['kind'], string][] = [
      ['raison_sociale', 'string', 'seller'],
      ['heure_achat', 'string', 'time'],
      ['koper_bedrijfsnaam', 'string', 'buyer'],
      ['nombre_empresa', 'string', 'seller'],
      ['parti_contraenti', 'string', 'party'],
      ['data_decorrenza', 'date', 'effective_date'],
      ['legge_applicabile', 'string', 'jurisdiction'],
      ['durata', 'string', 'term'],
      ['fecha_emision', 'date', 'date'],
      ['needByDate', 'date', 'delivery_date'],
      ['betalingsvoorwaarde', 'string', 'payment_terms'],
      ['department', 'string', 'department'],
      ['approver_name', 'string', 'approver'],
      ['our_reference', 'string', 'our_reference'],
      ['asunto', 'string', 'subject'],
      ['signatory_name', 'string', 'signatory'],
    ];
    for (const [name, kind, concept] of cases) assert.equal(conceptOf(name, kind), concept, name);
    const email = understand(field('email_inkoper', 'string'));
    assert.equal(email.concept?.id, 'email');
    assert.equal(email.owner?.id, 'buyer');
  });

  it('does not pretend to understand a field whose head it does not know', () => {
    const sense = understand(field('logo_colour', 'string', 'Colour of the company logo'));
    assert.equal(sense.from, 'none');
    assert.equal(sense.concept, null);
  });

  it('falls back on the declared type alone, and says so', () => {
    const sense = understand(field('xq7', 'date'));
    assert.equal(sense.from, 'type');
    assert.equal(sense.family, 'date');
  });
});

describe('field sense: how users word fields beyond the shared corpora', () => {
  it('the word right before a generic head, and a preposition after it, say which value', () => {
    assert.equal(conceptOf('vat_amount', 'double'), 'tax');
    assert.equal(conceptOf('value_asked', 'double', 'Security deposit amount'), 'deposit');
    assert.equal(conceptOf('amount_excl_vat', 'double'), 'subtotal');
    assert.equal(conceptOf('amount_incl_vat', 'double'), 'total');
    assert.equal(conceptOf('address_of_store', 'string'), 'address');
    assert.equal(understand(field('address_of_store', 'string')).owner?.id, 'seller');
  });

  it('a currency or a neutral word in a name is not a qualifier', () => {
    for (const name of ['grand_total_rm', 'total_usd', 'final_total', 'overall_total']) {
      const sense = understand(field(name, 'double'));
      assert.equal(sense.concept?.id, 'total', name);
      assert.deepEqual(sense.qualifiers, [], name);
    }
    assert.deepEqual(understand(field('txn_date', 'date')).qualifiers, []);
    assert.deepEqual(understand(field('shipment_date', 'date')).qualifiers, ['shipment']);
  });

  it('a bare kind word gives way to the concept the description names', () => {
    assert.equal(conceptOf('place', 'string', 'Address of the business'), 'address');
    assert.equal(conceptOf('sum', 'double', 'Receipt total'), 'total');
    assert.equal(understand(field('sum', 'double', 'Receipt total')).from, 'name');
  });

  it('a field known by its type alone borrows no concept', () => {
    const discount = understand(field('discount', 'double', 'Discount granted'));
    assert.equal(discount.concept, null);
    assert.equal(discount.family, 'amount');
    assert.equal(discount.from, 'type');
  });

  it('a list of parties stays a list of parties whatever its description calls them', () => {
    const counterparties = {
      ...field('counterparties', 'array', 'Both companies'),
      items: field('x', 'string'),
    };
    assert.equal(understand(counterparties as Field).concept?.id, 'party');
    assert.equal(conceptOf('payment_terms', 'string'), 'payment_terms');
  });
});

describe('field sense: names built the way other languages build them', () => {
  it('a bare kind word before "of" is said of the concept after it, in any language', () => {
    for (const name of ['amount_of_tax', 'montant_des_taxes', 'importe_de_impuestos', 'steuerbetrag_gesamt'])
      assert.equal(conceptOf(name, 'double'), 'tax', name);
    assert.equal(conceptOf('number_of_nights', 'integer'), 'nights');
    assert.equal(conceptOf('numero_de_factura', 'string'), 'invoice_number');
    assert.equal(conceptOf('name_des_kontoinhabers', 'string'), 'buyer');
    assert.equal(conceptOf('date_of_birth', 'date'), 'date_of_birth');
    assert.equal(conceptOf('date_of_inspection', 'date'), 'date');
    assert.deepEqual(understand(field('date_of_inspection', 'date')).qualifiers, ['inspection']);
  });

  it('German genitives, French "de la", "laut", "als", "in Tagen" leave the head before them, and no qualifier', () => {
    const cases: [string, Field['kind'], string][] = [
      ['rechnungsnummer_laut_beleg', 'string', 'invoice_number'],
      ['ausstellungsdatum_der_rechnung', 'date', 'date'],
      ['name_des_rechnungsstellers', 'string', 'seller'],
      ['umsatzsteuer_identifikationsnummer_des_lieferanten', 'string', 'vat_number'],
      ['zahlungsziel_in_tagen', 'string', 'payment_terms'],
      ['waehrung_als_iso_code', 'string', 'currency'],
      ['nom_du_salarie', 'string', 'employee'],
      ['debut_de_la_periode_facturee', 'date', 'start_date'],
      ['fin_de_la_periode_facturee', 'date', 'end_date'],
      ['montant_total_a_regler', 'double', 'total'],
      ['date_limite_de_paiement', 'date', 'due_date'],
      ['geburtsdatum_des_patienten', 'date', 'date_of_birth'],
      ['erstellungsdatum_des_auszugs', 'date', 'date'],
      ['stmtDate', 'date', 'date'],
    ];
    for (const [name, kind, concept] of cases) {
      const sense = understand(field(name, kind));
      assert.equal(sense.concept?.id, concept, name);
      assert.deepEqual(sense.qualifiers, [], name);
    }
  });
});

describe('field profile: a person or a firm', () => {
  const kindOf = (name: string, description: string) => profileField(field(name, 'string', description)).kind;

  it('asks for the person a description speaks of well before any firm', () => {
    const described =
      'The addressee, i.e. the individual named in the address block or attention line; fall back to the addressee company when no individual is named.';
    assert.equal(kindOf('addresseeName', described), 'person');
    assert.equal(kindOf('recipient_name', 'Name of the person the letter is addressed to'), 'person');
  });

  it('asks for the firm where a person is one of a list of alternatives', () => {
    assert.equal(
      kindOf('account_holder', 'Name of the account holder (person, joint holders or company) as shown'),
      'organization',
    );
    assert.equal(
      kindOf(
        'name_des_kontoinhabers',
        'Vollständiger Name der Person(en) oder der Firma, auf die das Konto lautet.',
      ),
      'organization',
    );
  });
});
