import { Link } from "@remix-run/react";
import type { HeroSlide } from "~/cms/content.server";

/**
 * The dashboard hero (issue 18 item 5, decision 119): banner-block's hero slides, shown in turn by CSS alone
 * (app/styles/hero.css); no script. Each slide is a region with its heading, so every link stays reachable.
 */
export function Hero({ slides }: { slides: HeroSlide[] }) {
  if (slides.length === 0) return null;
  return (
    <section className={`hero hero--n${slides.length}`} aria-label="Featured">
      {slides.map((slide, i) => (
        <div
          key={i}
          className="hero__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${slides.length}`}
        >
          <div className="hero__text">
            <h2>{slide.heading}</h2>
            {slide.text ? <p>{slide.text}</p> : null}
            {slide.link ? (
              <p>
                <Link to={slide.link}>
                  Find out more<span className="visually-hidden">: {slide.heading}</span>
                </Link>
              </p>
            ) : null}
          </div>
          {slide.image ? <img src={slide.image} alt="" width={112} height={112} loading="lazy" /> : null}
        </div>
      ))}
    </section>
  );
}
