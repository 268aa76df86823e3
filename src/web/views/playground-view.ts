import type { EngineName } from '../../engines/llm/llm-config.ts';
import { type Html, html } from '../html.ts';

export const EXAMPLE_YAML = `schemas:
  data:
    type: object
    properties:
      invoice_number:
        type: string
        description: The invoice number
      invoice_date:
        type: date
        description: Date the invoice was issued
      total:
        type: double
        description: Total amount due
      paid:
        type: boolean
        description: Whether the invoice is paid
`;

export interface PlaygroundView {
  csrf: string;
  /** The form's one-time id: a reload that posts it again is not extracted or billed again. */
  submission: string;
  /** A fixed message after a redirect. */
  notice?: string;
  yaml: string;
  evidence: boolean;
  /** The engines offered (llm and hybrid only with a model configured), and the one chosen. */
  engines: readonly EngineName[];
  engine: EngineName;
  /** Where each value was found, drawn beside the pages (with evidence, after a success). */
  evidenceHtml?: Html;
  /** The API's answer to this document, success or error, as the API would send it. */
  answer?: { status: number; json: unknown; requestId: string; pagesBilled?: number; creditsLeft?: number };
}

const ENGINE_LABELS: Record<EngineName, string> = {
  local: 'local (offline rules)',
  llm: 'llm (the language model)',
  hybrid: 'hybrid (local, then the model for weak fields)',
};

function engineSelect(view: PlaygroundView): Html {
  return html`<label for="engine">Engine</label>
  <select id="engine" name="engine" aria-describedby="engine-hint">${view.engines.map(
    (name) =>
      html`<option value="${name}"${name === view.engine ? html` selected` : ''}>${ENGINE_LABELS[name]}</option>`,
  )}</select>
  <span class="hint" id="engine-hint">As the API's <code>engine=</code> parameter.</span>`;
}

function answerSection(answer: NonNullable<PlaygroundView['answer']>): Html {
  const billed =
    answer.pagesBilled !== undefined
      ? html`<p role="status">${answer.pagesBilled} page${answer.pagesBilled === 1 ? '' : 's'} billed; ${answer.creditsLeft} left.</p>`
      : html`<p role="status">Nothing was billed.</p>`;
  return html`<section aria-labelledby="answer-heading">
  <h2 id="answer-heading">Answer (HTTP ${answer.status} ${answer.status === 200 ? 'success' : 'error'})</h2>
  ${billed}
  <p>Request id <code class="request-id">${answer.requestId}</code> (quote it when you ask about this call).</p>
  <pre><code id="answer">${JSON.stringify(answer.json, null, 2)}</code></pre>
</section>`;
}

export function playgroundView(view: PlaygroundView): Html {
  return html`<h1>Playground</h1>
${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
<p>Try a document with your account, as the API would: the same extraction, billed the same way.
Nothing of the document is kept.</p>
<form method="post" action="/playground" enctype="multipart/form-data" class="stacked" data-progress="extract-progress">
  <input type="hidden" name="csrf" value="${view.csrf}">
  <input type="hidden" name="submission" value="${view.submission}">
  <label for="document">Document</label>
  <input type="file" id="document" name="document" required aria-describedby="document-hint">
  <span class="hint" id="document-hint">PDF, JPEG, PNG, DOCX, XLSX or text.</span>
  <label for="yaml">Fields (YAML)</label>
  <textarea id="yaml" name="yaml" rows="16" required spellcheck="false">${view.yaml}</textarea>
  ${engineSelect(view)}
  <div class="check"><input type="checkbox" id="evidence" name="evidence"${view.evidence ? html` checked` : ''}><label for="evidence">With evidence (where each value was found)</label></div>
  <button type="submit">Extract</button>
  <p id="extract-progress" class="progress" role="status" aria-live="polite"></p>
</form>
${view.answer ? answerSection(view.answer) : ''}
${view.evidenceHtml ?? ''}`;
}
