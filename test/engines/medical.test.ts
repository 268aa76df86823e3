import { describe, it } from 'node:test';
import { assertEveryWording } from '../helpers/extract-text.ts';

/** A physiotherapy invoice written for this test: the patient, the practitioner, the fund's share and the patient's. */
const PHYSIO = `RIVERBEND PHYSIOTHERAPY
22 Wharf Street, Brisbane QLD 4000 · ABN 51 824 753 556

TAX INVOICE / RECEIPT                               Invoice no:  RB-55120
                                                    Date:        11/06/2025
Patient:          Ms Chloe Andersen
Date of birth:    14/02/1990
Practitioner:     Sophie Nguyen (APA Physiotherapist)

Date of service   Item                                            Fee
05/06/2025        Initial consultation                          95.00
09/06/2025        Standard consultation                         82.00
                                                 Total fee     177.00
                                   Health fund benefit paid    101.40
                                            Patient gap paid    75.60
`;

describe('medical bills: the patient, the practitioner and who pays what, in three wordings', () => {
  it('reads them under English, terse and German names', async () => {
    const expected = ['Chloe Andersen', 'Sophie Nguyen', '1990-02-14', '2025-06-05', 101.4];
    const wordings: Record<string, string>[] = [
      {
        patient_name: '{ type: string }',
        practitioner_name: '{ type: string }',
        patient_date_of_birth: '{ type: date }',
        service_date: '{ type: date, description: first date of service }',
        insurance_paid: '{ type: double }',
      },
      {
        patientName: '{ type: string }',
        clinician: '{ type: string }',
        dob: '{ type: date }',
        serviceDate: '{ type: date }',
        insurerPaid: '{ type: double }',
      },
      {
        name_des_patienten: '{ type: string }',
        behandelnde_fachperson: '{ type: string }',
        geburtsdatum_des_patienten: '{ type: date }',
        datum_der_ersten_behandlung: '{ type: date }',
        von_der_versicherung_uebernommen: '{ type: double }',
      },
    ];
    await assertEveryWording(PHYSIO, wordings, expected);
  });
});
