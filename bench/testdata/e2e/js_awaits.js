// @N@ awaits of an async function in a loop: the same work as js_awaits.adesh.
async function step(x) {
  return (x * 31 + 7) % 1000003;
}

async function main() {
  let t = 0;
  for (let i = 0; i < @N@; i++) {
    t = await step(t);
  }
  console.log(t);
}

main();
