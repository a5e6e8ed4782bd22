// Calling an async fn starts it at once: its body runs up to its first await, and it goes on
// by itself, awaited or not: both bodies start before the caller goes on. (Which sleep ends
// first is timing, which this test does not print.)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function step(name, ms) {
    console.log("start", name);
    await sleep(ms);
    return name;
}

async function main() {
    console.log("main start");
    let a = step("a", 60);
    let b = step("b", 10);
    console.log("both started");
    let first = await b;
    let second = await a;
    console.log(first, second);
    let c = (async () => {
        console.log("block runs at once");
        return 3;
    })();
    console.log("block made");
    console.log(await c);
}
main();
