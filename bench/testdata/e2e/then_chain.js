// A chain of @N@ .then reactions on Node.js, built before any of them runs, then awaited: the
// same work as then_chain.adesh.
async function main() {
  let p = Promise.resolve(0);
  for (let i = 0; i < @N@; i++) {
    p = p.then((x) => x + 1);
  }
  console.log(await p);
}

main();
