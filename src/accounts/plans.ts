import { z } from 'zod';

/** A plan: its upload limit and the credit it grants each month (null: by contract). */
const planSchema = z.object({
  maxFileBytes: z.number().int().positive(),
  monthlyCredits: z.number().int().nonnegative().nullable(),
});
export type Plan = z.infer<typeof planSchema>;
export type Plans = Record<string, Plan>;
/** The plans file (config/plans.json, or PLANS_FILE), checked by config.ts at start. */
export const plansSchema = z.record(z.string().regex(/^[a-z][a-z0-9_-]*$/), planSchema);
