/** The first page after sign-in: what the console is for, with a link to each section. */
import { useT } from '../../context.js';
import { Link } from '../../components/Link.js';
import { usePages, type ConsolePage } from '../page.js';

function Home() {
  const t = useT();
  const pages = usePages();
  return (
    <section>
      <p>{t('home.intro')}</p>
      <ul className="home-links">
        {pages.filter((page) => page.path !== '/' && !page.hidden).map((page) => (
          <li key={page.path}>
            <Link to={page.path}>{t(page.titleMessageId)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const page: ConsolePage = { path: '/', titleMessageId: 'page.home', Component: Home };
export default page;
