/**
 * The one way into zod (a lint rule keeps every other import of it out): zod is told here never to
 * compile parsers with `new Function`. Otherwise it probes for eval as the first object schema is
 * defined, and under the app's Content-Security-Policy (no 'unsafe-eval') that probe is reported as
 * a violation even though zod catches it. A module's imports run before its own code, so whichever
 * chunk defines a schema first, this has run before it. The server parses the same way: small
 * request bodies gain nothing from compiled parsers.
 */
import { config, z } from 'zod';

config({ jitless: true });

export { z };
