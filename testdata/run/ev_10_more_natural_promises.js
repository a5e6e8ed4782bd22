// The JavaScript twin of ev_10_more_natural_promises.adesh.
function ticker(name, stopAt) {
    let n = 0;
    let id = setInterval(() => {
        n += 1;
        console.log(name, "tick", n);
        if (n == stopAt) {
            clearInterval(id);
            console.log(name, "stopped");
        }
    }, 20);
}
ticker("t", 2);

let wait = new Promise((resolve) => setTimeout(resolve, 5));
wait.then(() => console.log("waited"));

let good = Promise.resolve(1);
let bad = Promise.reject(new Error("no"));
Promise.all([good, bad]).catch((e) => console.log("all rejected:", e.message));
Promise.race([bad, good]).catch((e) => console.log("race rejected:", e.message));
Promise.any([bad, good]).then((v) => console.log("any:", v));

let recovered = Promise.reject(new Error("boom")).catch((e) => "recovered from " + e.message);
recovered.then((v) => console.log(v));
let number = Promise.resolve(5).catch((e) => "never");
number.then((v) => console.log("still", v));
let nothing = Promise.resolve(3).then((v) => { throw new Error("three"); }).catch((e) => null);
nothing.then((v) => console.log("nothing:", v));

let message = Promise.resolve(1).then((v) => { throw new Error("in then"); }).catch((e) => e.message);
message.then((v) => console.log("message:", v));
let empty = new Promise((resolve, reject) => { resolve(null); });
empty.then((v) => console.log("empty:", v));
console.log("set up");
