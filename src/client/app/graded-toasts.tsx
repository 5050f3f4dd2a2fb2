// An exam graded once the network was back, said with its certificate: its own file, loaded only when there is
// one to say, so every screen does not fetch the certificate's calls for a notice most sessions never show.
import { certificatePdfUrl } from '../features/certificates/api/get-certificate-pdf.ts';
import { dismissGraded, type GradedLater } from './outbox.ts';

export default function GradedToasts({ results }: { results: GradedLater[] }) {
  return results.map((r) => (
    <div key={r.id} className="toast">
      <p>
        Your exam “{r.title}” was graded: {r.msg}
      </p>
      <div className="toast-actions">
        {r.passed && (
          <a className="button button-small" href={certificatePdfUrl(r.item, 'inline')} target="_blank" rel="noopener">
            View Certificate<span className="visually-hidden">, opens in a new tab</span>
          </a>
        )}
        <button type="button" className="button button-small button-secondary" onClick={() => dismissGraded(r.id)}>
          Close
        </button>
      </div>
    </div>
  ));
}
