import { useState } from 'react';
import { useT } from '../../../i18n';

export function OfferGallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useT();
  const [index, setIndex] = useState(0);
  if (images.length === 0) return <div className="gallery__empty">{t('offer.noPhoto')}</div>;
  return (
    <div className="gallery" aria-label={t('offer.photos')}>
      <img className="gallery__main" src={images[index]} alt={`${title} – ${t('offer.photo', { index: index + 1, total: images.length })}`} width={800} height={600} />
      {images.length > 1 && (
        <div className="gallery__thumbs">
          {images.map((src, i) => (
            <button key={src + i} type="button" className={`gallery__thumb ${i === index ? 'is-active' : ''}`} aria-label={t('offer.photo', { index: i + 1, total: images.length })}
              aria-pressed={i === index} onClick={() => setIndex(i)}>
              <img src={src} alt="" width={100} height={75} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
