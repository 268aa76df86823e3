import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText as answer, assertEachName } from '../helpers/extract-text.ts';

/**
 * Kinds of document the engine first met in the third blind batch (hotel folios, delivery notes,
 * insurance schedules): each field in several wordings, as different users would put it. The
 * documents are written for these tests.
 */
const FOLIO = `                    HOTEL SEEBLICK KONSTANZ
          Seestraße 12 · 78464 Konstanz · Deutschland
     Tel. +49 7531 555 010 · empfang@seeblick.example

Brandt Logistik AG
z. Hd. Buchhaltung / Herr Uwe Kern
Hafenweg 3
28195 Bremen
                                           Rechnungsnr.:       R-77120
                                           Rechnungsdatum:     09.05.2025
                                           Reservierungsnr.:   5521-884

RECHNUNG

Gast:           Frau Carla Winter
Anreise:        06.05.2025
Abreise:        09.05.2025
Nächte:         3

Datum     Leistung                                   Betrag
06.05.25  Übernachtung Doppelzimmer                  139,00
07.05.25  Übernachtung Doppelzimmer                  139,00
08.05.25  Übernachtung Doppelzimmer                  139,00
08.05.25  Frühstück 3 x 18,00                         54,00
                                    Gesamtbetrag     471,00
enthaltene MwSt 7 %: 27,27   MwSt 19 %: 8,62

Zahlung 09.05.2025   Visa **** 1187                 -471,00
`;

const DELIVERY_NOTE = `Nordwerk Antriebe GmbH · Industriepark 4 · 59494 Soest

                                                  LIEFERSCHEIN
Kessler Fördertechnik KG
Wiener Straße 88
4020 Linz, Österreich
                                                  Lieferschein-Nr.:  LS-88123
                                                  Versanddatum:      14.04.2025
                                                  Ihre Bestellung:   4500991 vom 02.04.2025
Spediteur:       Danuvia Transporte GmbH
Sendungsnummer:  DT 7781 0042
Packstücke:      3 Paletten
Gewicht brutto:  612,40 kg
Lieferbedingung: DAP Linz (Incoterms 2020)

Pos  Artikel        Bezeichnung                        Menge
10   GM-110         Getriebemotor 1,1 kW                  6 Stk
20   KP-200         Kupplung Größe 200                   12 Stk
`;

/** The buyer billed in one column, the goods delivered to another address in the next. */
const BON_DE_LIVRAISON = `VERRERIE DUVAL SAS
12 rue des Forges – 54120 Baccarat – France

                                              BON DE LIVRAISON N° BL-2025-0417
                                              Date : 11/04/2025

Client facturé :                              Adresse de livraison :
GROUPE MARTENS SA                             MAISON MARTENS SPRL
Avenue Louise 140                             Rue du Marché 27
1050 Bruxelles                                4000 Liège
Belgique                                      Belgique
N° TVA : BE 0448.120.771                      Contact : M. Peeters

Réf.        Désignation                         Qté
VL-CH-24    Verre à vin 24 cl                   144
`;

/** "Deliver to:" over its block, the buyer's letterhead address above it. */
const PURCHASE_ORDER = `Harlow & Finch Interiors Ltd
Unit 7, Brookfield Trading Estate
Tewkesbury Road
Cheltenham  GL51 9TQ

                                 PURCHASE ORDER
To:                                              Order No:      HF/PO/10482
Ashgrove Timber Products Ltd                     Date:          19/02/2025
Sawmill Lane
Leominster  HR6 0LP

Deliver to:
Harlow & Finch Interiors Ltd - Workshop
Bay 3, Kingsditch Lane
Cheltenham
GL51 9PL

Delivery required by: 07/03/2025
`;

/** A goods-received note that gives the place of delivery on one long line. */
const ALBARAN = `LOGÍSTICA DEL SUR S.L.
Albarán de recepción nº AR-2025-118          Fecha: 03/04/2025
  Transportista:          Trans Olivos S.A.
  Lugar de entrega:       Calle Fundidores 12, Pol. Ind. Los Olivos, 28906 Getafe (Madrid)
`;

const SCHEDULE = `HARBOURSIDE INSURANCE PLC
1 Quay Street, Bristol BS1 4XE

MOTOR INSURANCE SCHEDULE

Policyholder:        Mr Thomas Reed
Address:             14 Elm Grove, Bath BA2 6QT
Policy number:       HMI-4471209
Period of cover:     01/06/2025 to 31/05/2026

Vehicle:             Ford Focus 1.0 EcoBoost, registration WX21 KLM
Cover:               Comprehensive, any driver over 25
Insured value:       £14,500.00
Compulsory excess:   £250.00
Voluntary excess:    £150.00
Total excess:        £400.00

Total premium payable (incl. Insurance Premium Tax at 12%)   £612.48
Insurance Premium Tax included                   £65.62
`;

const cases: [string, string, [string, string][], unknown][] = [
  [
    'the hotel in its letterhead, not the firm the bill is addressed to "z. Hd."',
    FOLIO,
    [
      ['provider_name', '{ type: string, description: Name of the hotel that issued the invoice }'],
      ['vendor', '{ type: string }'],
    ],
    'HOTEL SEEBLICK KONSTANZ',
  ],
  [
    "the hotel's address, not the addressee's",
    FOLIO,
    [
      ['provider_address', '{ type: string, description: Postal address of the hotel }'],
      ['vendorAddr', '{ type: string }'],
    ],
    'Seestraße 12 · 78464 Konstanz · Deutschland',
  ],
  [
    'the booking number by "Reservierungsnr.", not the invoice number',
    FOLIO,
    [
      ['booking_number', '{ type: string, description: Booking or reservation number }'],
      ['confNo', '{ type: string }'],
      ['numero_de_reserva', '{ type: string }'],
    ],
    '5521-884',
  ],
  [
    'the guest without her title of courtesy',
    FOLIO,
    [
      ['traveller_name', '{ type: string, description: Name of the guest }'],
      ['guestName', '{ type: string }'],
      ['nombre_del_viajero', '{ type: string }'],
    ],
    'Carla Winter',
  ],
  [
    'check-in as the start of the stay ("Anreise")',
    FOLIO,
    [
      ['start_date', '{ type: date, description: Check-in date }'],
      ['fromDate', '{ type: date }'],
    ],
    '2025-05-06',
  ],
  [
    'check-out as its end ("Abreise")',
    FOLIO,
    [
      ['end_date', '{ type: date, description: Check-out date }'],
      ['toDate', '{ type: date }'],
    ],
    '2025-05-09',
  ],
  [
    'the number of nights',
    FOLIO,
    [
      ['nights', '{ type: integer }'],
      ['number_of_nights', '{ type: integer, description: Nights of the stay }'],
    ],
    3,
  ],
  [
    'a total described with what it includes ("including all taxes and fees") is still the total',
    FOLIO,
    [
      [
        'total_amount',
        '{ type: double, description: Total amount of the document, including all taxes and fees }',
      ],
      ['total', '{ type: double, description: Gross total including tax, before deduction of deposits }'],
    ],
    471,
  ],
  [
    'what the document is about, by the words it uses most',
    FOLIO,
    [
      [
        'document_type',
        '{ type: enum, values: [hotel, car_rental, flight], description: What the document is about }',
      ],
      ['docKind', '{ type: enum, values: [hotel, car_rental, flight] }'],
    ],
    'hotel',
  ],
  [
    "a delivery note's own number, not the order number",
    DELIVERY_NOTE,
    [
      ['delivery_note_number', "{ type: string, description: The document's own number }"],
      ['belegnummer', '{ type: string, description: Nummer des Lieferscheins }'],
    ],
    'LS-88123',
  ],
  [
    'the carrier by "Spediteur"',
    DELIVERY_NOTE,
    [
      ['carrier', '{ type: string, description: Name of the carrier transporting the goods }'],
      ['frachtfuehrer', '{ type: string }'],
    ],
    'Danuvia Transporte GmbH',
  ],
  [
    'the tracking number by "Sendungsnummer"',
    DELIVERY_NOTE,
    [
      ['tracking_number', '{ type: string }'],
      ['sendungsnummer', '{ type: string }'],
    ],
    'DT 7781 0042',
  ],
  [
    'the number of packages, and a name spelling "ü" as "ue"',
    DELIVERY_NOTE,
    [
      ['package_count', '{ type: integer, description: Total number of packages }'],
      ['anzahl_packstuecke', '{ type: integer }'],
    ],
    3,
  ],
  [
    'the gross weight, a unit in the name being no qualifier',
    DELIVERY_NOTE,
    [
      ['gross_weight_kg', '{ type: double, description: Total gross weight in kilograms }'],
      ['bruttogewicht_kg', '{ type: double }'],
    ],
    612.4,
  ],
  [
    'the shipping date, not the order date',
    DELIVERY_NOTE,
    [
      ['shipping_date', '{ type: date, description: Date the goods were shipped }'],
      ['versanddatum', '{ type: date }'],
    ],
    '2025-04-14',
  ],
  [
    'the policy number',
    SCHEDULE,
    [
      ['policy_number', '{ type: string }'],
      ['policyNo', '{ type: string }'],
    ],
    'HMI-4471209',
  ],
  [
    'the policyholder without "Mr"',
    SCHEDULE,
    [
      ['policyholder_name', '{ type: string, description: Name of the policyholder }'],
      ['versicherungsnehmer', '{ type: string }'],
    ],
    'Thomas Reed',
  ],
  [
    'the premium, not the tax it includes',
    SCHEDULE,
    [
      [
        'annual_premium',
        '{ type: double, description: Total premium payable, including insurance premium tax }',
      ],
      ['jahresbeitrag', '{ type: double }'],
    ],
    612.48,
  ],
  [
    'the kind of cover, by the words of the schedule',
    SCHEDULE,
    [
      ['cover_type', '{ type: enum, values: [motor, home, travel, liability, health] }'],
      [
        'sparte',
        '{ type: enum, values: [motor, home, travel, liability, health], description: Art der Versicherung }',
      ],
    ],
    'motor',
  ],
];

const DELIVERY_WORDINGS: [string, string][] = [
  ['delivery_address', '{ type: string, description: Address the goods are delivered to }'],
  ['shipToAddr', '{ type: string }'],
  ['ship_to', '{ type: string, description: Ship-to addr, one line }'],
  ['lieferanschrift', '{ type: string }'],
  ['adresse_de_livraison', '{ type: string }'],
  ['indirizzo_consegna', '{ type: string }'],
];
cases.push(
  [
    'the delivery address in its own column, not the billed customer beside it',
    BON_DE_LIVRAISON,
    DELIVERY_WORDINGS,
    'Rue du Marché 27, 4000 Liège, Belgique',
  ],
  [
    'the delivery address under "Deliver to:", not the letterhead or the supplier',
    PURCHASE_ORDER,
    DELIVERY_WORDINGS,
    'Bay 3, Kingsditch Lane, Cheltenham, GL51 9PL',
  ],
  [
    "a delivery address of ten words on its label's line",
    ALBARAN,
    DELIVERY_WORDINGS,
    'Calle Fundidores 12, Pol. Ind. Los Olivos, 28906 Getafe (Madrid)',
  ],
);

describe('travel, logistics and insurance documents, each field in several wordings', () => {
  for (const [title, document, wordings, expected] of cases)
    it(title, async () => {
      await assertEachName(document, wordings, expected);
    });

  it("leaves a topic enum null when the document does not clearly use one value's words", async () => {
    const memo = 'Memo\n\nPlease call back about the meeting on Friday.\n';
    assert.equal(
      await answer(memo, 'document_type', '{ type: enum, values: [hotel, car_rental, flight] }'),
      null,
    );
  });
});
