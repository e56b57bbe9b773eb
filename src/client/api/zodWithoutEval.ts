/**
 * zod probes whether it may compile parsers with `new Function` when a schema is defined; under the
 * app's Content-Security-Policy (no 'unsafe-eval') the probe is reported as a violation even though
 * zod catches it. Imported before any schema is defined (answerSchemas.ts), so none probes.
 */
import { config } from 'zod';

config({ jitless: true });
