import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { bannerPath, isSafeUrl } from '../../../shared/content';
import { useQuery } from '../../data';
import { useLocale } from '../../i18n';
import { usePageVisible, usePrefersReducedMotion } from '../../ui';
import { BANNER_INTERVAL_MS, bannersQuery } from './homeApi';

/**
 * The banners (slide), one picture per language (bannerPath). A horizontal scroll-snap track, so
 * a swipe moves between them natively; dots jump to one. It moves on by itself every few seconds
 * unless the member prefers reduced motion, the page is hidden or a finger is on it. Nothing at
 * all when there are no banners.
 */
export function BannerCarousel() {
  const { t } = useLingui();
  const locale = useLocale();
  const banners = useQuery(bannersQuery, { maxAgeMs: 60_000 });
  const slides = (banners.data ?? [])
    .map((banner) => ({ id: banner.id, src: bannerPath(banner, locale) }))
    .filter((slide) => slide.src !== '' && isSafeUrl(slide.src));
  const count = slides.length;
  const { trackRef, current, show, onScroll, hold } = useCarousel(count);

  if (count === 0) {
    return banners.isLoading ? (
      <div className="banner-carousel banner-skeleton skeleton" aria-busy="true" aria-label={t`Loading`} />
    ) : null;
  }

  return (
    <section className="banner-carousel" aria-roledescription={t`carousel`} aria-label={t`Featured`}>
      <div
        ref={trackRef}
        className="banner-track"
        onScroll={onScroll}
        onPointerDown={() => hold(true)}
        onPointerUp={() => hold(false)}
        onPointerCancel={() => hold(false)}
        onPointerLeave={() => hold(false)}
        data-testid="banner-track"
      >
        {slides.map((slide, i) => {
          const n = i + 1;
          return (
            <div
              key={`${slide.id}-${slide.src}`}
              className="banner-slide"
              role="group"
              aria-roledescription={t`slide`}
              aria-label={t`${n} of ${count}`}
              aria-hidden={i === current ? undefined : true}
            >
              <img
                src={slide.src}
                alt={t`Banner ${n} of ${count}`}
                // The first banner is what a first visit paints largest: asked for first.
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
                className="banner-image"
                data-testid="banner-image"
              />
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="banner-dots">
          {slides.map((slide, i) => {
            const n = i + 1;
            return (
              <button
                key={`${slide.id}-${slide.src}`}
                type="button"
                className={`banner-dot${i === current ? ' is-active' : ''}`}
                aria-label={t`Show banner ${n}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => show(i)}
                data-testid="banner-dot"
              />
            );
          })}
        </div>
      )}
    </section>
  );
}

/**
 * Which of `count` slides shows in a scroll-snap track: follows the member's swipes, moves to a
 * chosen one, and moves on by itself unless motion is unwanted, the page is hidden or a finger is on it.
 */
function useCarousel(count: number) {
  const visible = usePageVisible();
  const reducedMotion = usePrefersReducedMotion();
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [held, setHeld] = useState(false);
  const current = count === 0 ? 0 : Math.min(index, count - 1);

  const show = useCallback(
    (next: number) => {
      setIndex(next);
      const track = trackRef.current;
      if (track && typeof track.scrollTo === 'function') {
        track.scrollTo({ left: next * track.clientWidth, behavior: reducedMotion ? 'auto' : 'smooth' });
      }
    },
    [reducedMotion],
  );

  useEffect(() => {
    if (count < 2 || !visible || reducedMotion || held) return;
    const timer = setInterval(() => show((current + 1) % count), BANNER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, current, visible, reducedMotion, held, show]);

  function onScroll() {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const at = Math.round(track.scrollLeft / track.clientWidth);
    if (at !== current && at >= 0 && at < count) setIndex(at);
  }

  return { trackRef, current, show, onScroll, hold: setHeld };
}
