import { domAnimation } from 'framer-motion';

/** Loaded lazily by LazyMotion so the animation engine stays out of the entry chunk. */
export default domAnimation;
