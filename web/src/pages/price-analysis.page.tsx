import { useT } from '../i18n';
import { PriceAnalysis } from '../modules/price-analytics/components/price-analysis';

/** `/analyza-cen`, `/price-analysis`: location and price analysis of the last months' offers. */
export function PriceAnalysisPage() {
  const { t } = useT();
  return (
    <div className="container container--narrow section">
      <h1>{t('analysis.pageTitle')}</h1>
      <p className="muted">{t('analysis.pageIntro')}</p>
      <PriceAnalysis />
    </div>
  );
}
