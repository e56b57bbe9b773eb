/**
 * What an animated part of a screen draws with: framer-motion's components and the scope that
 * configures them. Loaded after the first paint (useMotionKit), never on a screen's first path.
 */
export { m } from 'framer-motion';
export { MotionScope } from './MotionScope';
