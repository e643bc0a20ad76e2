import { startStandalone } from '../../tools/federation/standalone-bootstrap';
import { StandaloneRoutes } from './app/standalone-routes';

void startStandalone(StandaloneRoutes());
