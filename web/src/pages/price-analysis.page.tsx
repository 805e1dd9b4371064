import '../modules/price-analytics/price-analytics.css';
import { useModuleT } from '../i18n';
import { ANALYSIS_TEXT } from '../modules/price-analytics/i18n';
import { PriceAnalysis } from '../modules/price-analytics/components/price-analysis';

/** `/analyza-cen`, `/price-analysis`: location and price analysis of the last months' offers. */
export function PriceAnalysisPage() {
  const tm = useModuleT(ANALYSIS_TEXT);
  return (
    <div className="container container--narrow section">
      <h1>{tm('analysis.pageTitle')}</h1>
      <p className="muted">{tm('analysis.pageIntro')}</p>
      <PriceAnalysis />
    </div>
  );
}
