import { Route } from '@agency/router';
import PurchasePage from '../features/purchase/components/purchase-page';
import ConsultationPage from '../features/consultation/components/consultation-page';
import PurchaseSuccessPage from '../features/purchase/components/purchase-success-page';
import ConsultationSuccessPage from '../features/consultation/components/consultation-success-page';

/** This remote's pages, for running it standalone (the host mounts the exposed pages itself). */
export function StandaloneRoutes() {
  return (
    <>
      <Route path="/purchase/:tierId" element={<PurchasePage />} />
      <Route path="/consultation/:tierId" element={<ConsultationPage />} />
      <Route path="/purchase-success" element={<PurchaseSuccessPage />} />
      <Route path="/consultation-success" element={<ConsultationSuccessPage />} />
    </>
  );
}
