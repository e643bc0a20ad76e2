import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { ServicesSection } from './services-section';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';

const SECTION_IDS = ['about', 'services', 'contact'] as const;

/** The landing page (/), exposed to the host as ./landing-page. */
export default function LandingPage() {
  useScrollToHash(SECTION_IDS);
  return (
    <>
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <ContactSection />
    </>
  );
}
