import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { hydrateWhenNear } from '../../../components/hydrate-when-near';
import { ServicesSection } from './services-section';

// Below the fold on every screen: hydrated as they near the viewport (their HTML is there from the start).
const About = hydrateWhenNear(AboutSection, 'about');
const Services = hydrateWhenNear(ServicesSection, 'services');
const Contact = hydrateWhenNear(ContactSection, 'contact');

/**
 * The landing page (/), exposed to the host as ./landing-page. The host scrolls to /#services, /#about or
 * /#contact once these sections exist (host/src/features/hash-scroll).
 */
export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <About />
      <Services />
      <Contact />
    </>
  );
}
