/** The fields the benches ask of each shared corpus's documents, one configuration per kind. */

export const NDA_FIELDS = `schemas:
  data:
    type: object
    properties:
      effective_date: { type: date, description: Date on which the agreement takes effect }
      jurisdiction: { type: string, description: State whose law governs the agreement }
`;

export const RECEIPT_FIELDS = `schemas:
  data:
    type: object
    properties:
      company: { type: string, description: Name of the company that issued the receipt }
      date: { type: date, description: Date of the receipt }
      total: { type: double, description: Total amount paid }
`;

export const SCAN_FIELDS = `schemas:
  data:
    type: object
    properties:
      contract_no: { type: string, description: Contract or order number }
      advertiser: { type: string, description: Advertiser named on the order }
      gross_amount: { type: double, description: Gross amount of the order }
`;
