import type { AccountStore } from '../accounts/account-store.ts';
import type { ReadLimits } from '../documents/model.ts';
import type { EngineName } from '../engines/llm/llm-config.ts';
import type { PaidExtraction } from '../extraction/paid-extraction.ts';
import type { UploadDeadline } from '../requests/upload-deadline.ts';
import type { Mailer } from './mailer.ts';
import type { SiteOptions } from './respond.ts';

/** What the website's pages are given (by app.ts): the store, the paid extraction, the site's options. */
export interface WebsiteDeps extends SiteOptions {
  store: AccountStore;
  /** The API's own paid extraction: the playground calls it as POST /api/v1/generate does. */
  paid: PaidExtraction;
  /** The engines the playground offers, as the API's `engine=`, and the default one. */
  engineNames: readonly EngineName[];
  defaultEngine: string;
  /** For the playground's page pictures. */
  limits: ReadLimits;
  uploadDeadline?: UploadDeadline;
  now: () => Date;
  /** Sends reset links (and sign-up notices) when SMTP_URL is set; without it, links come from the CLI. */
  mailer?: Mailer;
  /** The site's address as users reach it, for links in e-mails (PUBLIC_URL). */
  publicUrl?: string;
}
