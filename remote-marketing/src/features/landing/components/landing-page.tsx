import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { ServicesSection } from './services-section';

/**
 * The landing page (/), exposed to the host as ./landing-page. The host scrolls to /#services, /#about or
 * /#contact once these sections exist (host/src/features/hash-scroll).
 */
export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <ContactSection />
    </>
  );
}
