import { z } from 'zod';

/** A yes/no environment variable, as people write one: true/false, 1/0, yes/no. */
export const envBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
