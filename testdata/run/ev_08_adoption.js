// A promise resolved with a promise or a future adopts it: Promise.resolve(p), resolve(p) in an
// executor and a reaction that returns a promise all settle as the inner one does.
async function later(v) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return v * 2;
}

Promise.resolve(Promise.resolve(7)).then((v) => console.log("resolve of a promise:", v));
let rejected = new Promise((resolve, reject) => { resolve(Promise.reject(Error("inner"))); });
rejected.then((v) => console.log("not reached", v)).catch((e) => console.log("adopted rejection:", e.message));
let waiting = new Promise((resolve, reject) => { resolve(later(4)); });
waiting.then((v) => console.log("adopted future:", v));
Promise.resolve(1)
    .then((v) => Promise.resolve(v + 1))
    .then((v) => console.log("reaction gave a promise:", v));
console.log("sync done");
