import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerText as answer, assertEachName } from '../helpers/extract-text.ts';

/**
 * Business letters (reminders, notices, offers): who signs, what the subject is, whose reference is
 * whose. Each field in several wordings, as different users would put it; the letters are written
 * for these tests.
 */
const REMINDER = `HARTWELL OFFICE SUPPLIES
Unit 4, Kestrel Park, Leeds LS12 6QT

Ms Nadia Brooks
Fenmore Architects LLP
27 Canal Wharf
Manchester M1 5LD

Our ref:       CR/2025/0518
Your ref:      PO 7731
Account no.:   FMA-00912
                                                   3 April 2025

Dear Ms Brooks,

Payment reminder – Invoice INV-24-11873

According to our records the invoice below is still open. We would be grateful if you could
arrange payment of the outstanding balance of £982.00 by 17 April 2025.

Yours sincerely,


Daniel Okafor
Credit Control Manager
Hartwell Office Supplies Ltd
`;

const MAHNUNG = `Kröger Haustechnik GmbH · Hafenstraße 3 · 28195 Bremen

Herrn
Tobias Kellermann
Lindenstraße 14
63067 Offenbach am Main

Ihr Zeichen: Anfrage vom 02.03.2025       Unser Zeichen: KH-25-0318 vom 14.03.2025
                                          Datum: 14.03.2025

Letzte Mahnung – Rechnung R-2025-0117

Sehr geehrter Herr Kellermann,

leider konnten wir bis heute keinen Zahlungseingang feststellen. Bitte überweisen Sie den Betrag
von 1.245,30 € bis spätestens 28.03.2025.

Mit freundlichen Grüßen

i.A. Jana Brückner
Kröger Haustechnik GmbH
`;

const CONGE = `CABINET MOREL IMMOBILIER
42, quai Saint-Vincent – 69001 Lyon

N/Réf. : GL/BAIL-0732                          Monsieur Julien Faure
V/Réf. : votre courrier du 28 mars 2025        18, rue des Tanneurs
                                               69004 Lyon

Lyon, le 7 avril 2025

Objet : Accusé de réception de votre congé

Monsieur,

Nous accusons réception de votre lettre recommandée du 28 mars 2025. Le bail prendra fin le 30 avril 2025.

Nous vous prions d'agréer, Monsieur, l'expression de nos salutations distinguées.

Pour le Cabinet Morel Immobilier,
La Gérante
Géraldine Morel
`;

/** Dates in the body of a letter, none of them the letter's own. */
const ORDER_CONFIRMATION = `Brightwater Analytics, Inc.
1550 Wynkoop Street, Suite 400
Denver, CO 80202

April 22, 2025

Ms. Alicia Moreno
1840 Pearl Street, Apt. 5
Boulder, CO 80302

Dear Alicia,

Thank you for your order of 14/02/2025. Your subscription was renewed on 03/03/2025 and the
next invoice will be sent on 03/06/2025.

Sincerely,

Rebecca Lindqvist
`;

const cases: [string, string, [string, string][], unknown][] = [
  [
    "the letter's own date at its head, not the dates its body speaks of",
    ORDER_CONFIRMATION,
    [
      ['letter_date', '{ type: date, description: Date of the letter }'],
      ['dateOfLetter', '{ type: date }'],
      ['fecha_carta', '{ type: date }'],
    ],
    '2025-04-22',
  ],
  [
    'the signer under "Yours sincerely", past the blank signature space',
    REMINDER,
    [
      ['signatory_name', '{ type: string, description: Name of the person who signed the letter }'],
      ['signedBy', '{ type: string }'],
      ['firmante', '{ type: string, description: Nombre de la persona que firma la carta }'],
      ['unterzeichner', '{ type: string }'],
    ],
    'Daniel Okafor',
  ],
  [
    'the signer under "Mit freundlichen Grüßen", without "i.A."',
    MAHNUNG,
    [
      ['signatory_name', '{ type: string }'],
      ['signedBy', '{ type: string }'],
    ],
    'Jana Brückner',
  ],
  [
    'the signer under a French closing formula, past the firm signed for and the role',
    CONGE,
    [
      ['signatory_name', '{ type: string }'],
      ['signataire', '{ type: string }'],
    ],
    'Géraldine Morel',
  ],
  [
    'an unlabelled subject below the greeting',
    REMINDER,
    [
      ['subject', '{ type: string, description: Subject line of the letter }'],
      ['subjectLine', '{ type: string }'],
      ['asunto', '{ type: string }'],
      ['betreff', '{ type: string }'],
    ],
    'Payment reminder – Invoice INV-24-11873',
  ],
  [
    'an unlabelled subject above the greeting',
    MAHNUNG,
    [['subject', '{ type: string }']],
    'Letzte Mahnung – Rechnung R-2025-0117',
  ],
  [
    'a subject after its label "Objet :"',
    CONGE,
    [
      ['subject', '{ type: string }'],
      ['objet', '{ type: string }'],
    ],
    'Accusé de réception de votre congé',
  ],
  [
    "the sender's own reference, not the recipient's",
    REMINDER,
    [
      ['our_reference', "{ type: string, description: The sender's own reference for this letter }"],
      ['senderRef', '{ type: string }'],
      ['nuestra_referencia', '{ type: string }'],
    ],
    'CR/2025/0518',
  ],
  [
    "the sender's reference without the date it bears",
    MAHNUNG,
    [
      ['our_reference', '{ type: string }'],
      ['unser_zeichen', '{ type: string }'],
    ],
    'KH-25-0318',
  ],
  [
    "the sender's reference by its French abbreviation",
    CONGE,
    [
      ['our_reference', '{ type: string }'],
      ['notre_reference', '{ type: string }'],
    ],
    'GL/BAIL-0732',
  ],
  [
    'the person a letter is addressed to, not the firm under their name',
    REMINDER,
    [
      [
        'recipient_name',
        '{ type: string, description: Name of the person the letter is addressed to (the company if no person is named) }',
      ],
      [
        'nombre_destinatario',
        '{ type: string, description: Nombre de la persona a la que va dirigida la carta }',
      ],
      [
        'addresseeName',
        '{ type: string, description: "The addressee, i.e. the individual named in the address block or attention line; fall back to the addressee company when no individual is named." }',
      ],
    ],
    'Nadia Brooks',
  ],
  [
    'the date by which a demand is to be paid, after "bis spätestens"',
    MAHNUNG,
    [
      ['deadline_date', '{ type: date, description: Date by which the amount must be paid }'],
      ['zahlungsfrist', '{ type: date }'],
      ['due_date', '{ type: date }'],
      [
        'actionDate',
        '{ type: date, description: "Key date the letter sets - payment deadline, date a new price or contract end takes effect, first day of work." }',
      ],
    ],
    '2025-03-28',
  ],
  [
    'the sending organisation',
    REMINDER,
    [
      ['sender_organization', '{ type: string, description: Name of the organization that sent the letter }'],
      ['issuerName', '{ type: string }'],
    ],
    'Hartwell Office Supplies Ltd',
  ],
];

describe('business letters, each field in several wordings', () => {
  for (const [title, document, wordings, expected] of cases)
    it(title, async () => {
      await assertEachName(document, wordings, expected);
    });

  it('does not take a list of signatories for one signing person', async () => {
    const answerList = await answer(
      REMINDER,
      'signatories',
      '{ type: array, items: { type: string }, description: Parties that sign }',
    );
    assert.ok(Array.isArray(answerList));
  });
});
