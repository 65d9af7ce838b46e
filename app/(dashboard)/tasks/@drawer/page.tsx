// On /tasks itself the drawer slot is empty. Without this page a soft navigation from an open
// drawer to /tasks?… (a related-tasks link, a filter change) would keep the drawer showing.
export default function NoDrawerOnList() {
  return null;
}
