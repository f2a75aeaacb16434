import { ExportForm } from '../exports/export-form';
import { ExportJobs } from '../exports/export-jobs';

export default function ExportsPage() {
  return (
    <>
      <h1>GS1 exports</h1>
      <ExportForm />
      <ExportJobs />
    </>
  );
}
