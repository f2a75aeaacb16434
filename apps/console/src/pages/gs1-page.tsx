import { Gs1ImportForm } from '../gs1/gs1-import-form';
import { Gs1RecordsList } from '../gs1/gs1-records-list';

export default function Gs1Page() {
  return (
    <>
      <h1>GS1 Digital Links</h1>
      <Gs1ImportForm />
      <Gs1RecordsList />
    </>
  );
}
