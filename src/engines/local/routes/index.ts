import type { TypingHints } from '../../../fields/typing/index.ts';
import type { Candidate } from '../candidate.ts';
import type { DocumentView } from '../document-view.ts';
import type { FieldProfile } from '../field-profile.ts';
import { actDateCandidates } from './act-dates.ts';
import { arithmeticCandidates } from './arithmetic.ts';
import { columnSumCandidates } from './column-sums.ts';
import { countCandidates } from './counts.ts';
import { typeCandidates } from './dates-and-numbers.ts';
import { definedTermCandidates } from './defined-terms.ts';
import { fieldWordCandidates } from './field-words.ts';
import { labelCandidates } from './labels.ts';
import { layoutCandidates } from './layout.ts';
import { ownerAddressCandidates } from './owner-address.ts';
import { pairCandidates } from './pairs.ts';
import { proseCandidates } from './prose.ts';
import { recipientCandidates } from './recipient.ts';
import { bracketedRegistrationCandidates, registeredNameCandidates } from './registered-name.ts';
import { selfNamedCandidates } from './self-named.ts';
import { closingFirmCandidates, closingSignerCandidates, signatureCandidates } from './signatures.ts';
import { statementCandidates } from './statements.ts';
import { subjectCandidates } from './subject.ts';
import { tableCandidates } from './tables.ts';
import { taxSummaryCandidates } from './tax-summary.ts';
import { enumTitleCandidates, kindQuestionCandidates, titleCandidates } from './title.ts';
import { topicCandidates } from './topic.ts';
import { typedValueCandidates } from './typed-values.ts';

/**
 * A route finds a field's candidates one way. `named`: it finds values only where the document
 * names the field by its words, so it also serves a field the engine cannot interpret. `after`: it
 * reads what the routes before it found (arithmetic checks their amounts against each other).
 */
export interface Route {
  name: string;
  named: boolean;
  find(view: DocumentView, profile: FieldProfile, hints: TypingHints, found: Candidate[]): Candidate[];
}

const route = (
  name: string,
  named: boolean,
  find: (view: DocumentView, profile: FieldProfile, hints: TypingHints, found: Candidate[]) => Candidate[],
): Route => ({ name, named, find });

/** Every route, in the order their candidates are gathered; the one list the engine runs. */
export const ROUTES: readonly Route[] = [
  route('labels', true, labelCandidates),
  route('tables', true, tableCandidates),
  route('dates-and-numbers', false, typeCandidates),
  route('prose', false, proseCandidates),
  route('layout', false, (view, profile) => layoutCandidates(view, profile)),
  route('signatures', false, (view, profile) => signatureCandidates(view, profile)),
  route('closing-signer', false, (view, profile) => closingSignerCandidates(view, profile)),
  route('closing-firm', false, (view, profile) => closingFirmCandidates(view, profile)),
  route('subject', false, (view, profile) => subjectCandidates(view, profile)),
  route('typed-values', false, (view, profile) => typedValueCandidates(view, profile)),
  route('field-words', false, fieldWordCandidates),
  route('defined-terms', true, (view, profile) => definedTermCandidates(view, profile)),
  route('self-named', false, (view, profile) => selfNamedCandidates(view, profile)),
  route('owner-address', false, (view, profile) => ownerAddressCandidates(view, profile)),
  route('recipient', false, (view, profile) => recipientCandidates(view, profile)),
  route('registered-name', false, (view, profile) => registeredNameCandidates(view, profile)),
  route('bracketed-registration', false, (view, profile) => bracketedRegistrationCandidates(view, profile)),
  route('title', false, (view, profile) => titleCandidates(view, profile)),
  route('statements', true, (view, profile) => statementCandidates(view, profile)),
  route('kind-question', true, (view, profile) => kindQuestionCandidates(view, profile)),
  route('enum-title', true, (view, profile) => enumTitleCandidates(view, profile)),
  route('topic', true, (view, profile) => topicCandidates(view, profile)),
  route('column-sums', false, columnSumCandidates),
  route('tax-summary', false, taxSummaryCandidates),
  route('counts', false, countCandidates),
  route('act-dates', false, actDateCandidates),
  route('arithmetic', false, (view, profile, hints, found) =>
    arithmeticCandidates(view, profile, hints, found),
  ),
  route('pairs', true, pairCandidates),
];
