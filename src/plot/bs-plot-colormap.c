/* bs-plot-colormap.c: matplotlib's colormaps by name */
#define G_LOG_DOMAIN "bs-plot"

#include "bs-plot-colormap.h"

#include <math.h>
#include <string.h>

#define N_SAMPLES 65

struct _BsPlotColormap {
  const char *name;
  /* N_SAMPLES colours as "rrggbb" */
  const char *samples;
};

static const BsPlotColormap colormaps[] = {
  { "viridis",
    "44015446075a470d6047136548186a481d6f482374482878472d7b46327e453781443b84424086404588"
    "3e49893d4e8a3b528b39568c375b8d355f8d33638d31678e2f6b8e2e6f8e2c728e2a768e297a8e277e8e"
    "26828e25858e23898e228d8d21918c1f948c1f988b1e9c891fa08820a38622a78525ab8228ae802db27d"
    "32b67a38b9773fbc7346c06f4ec36b56c6675ec96267cc5c70cf577ad15184d44b8ed64598d83ea2da37"
    "addc30b8de29c2df23cde11dd8e219e2e418ece51bf6e620fde725" },
  { "plasma",
    "0d088719068c2206902a059331059738049a3f049c46039f4c02a15302a35901a56001a66600a76c00a8"
    "7201a87801a87e03a88405a78a09a58f0da49511a19a169fa01a9ca51f99aa2395ae2892b32c8eb7318a"
    "bc3587c03a83c43e7fc8437bcc4778cf4c74d35171d6556dda5a6add5e66e06363e3685fe66c5ce97158"
    "eb7655ee7b51f0804ef3854bf58b47f79044f89540fa9b3dfba139fca636fdac33fdb22ffeb82cfebe2a"
    "fdc527fdcb26fcd225fad824f8df25f6e626f4ed27f1f426f0f921" },
  { "inferno",
    "00000402010a04031207051b0b072410092d150b371b0c41210c4a280b532f0a5b3609613d0965440a68"
    "4a0c6b510e6c57106e5d126e64156e6a176e71196e771c6d7d1e6d84206b8a226a9025689727669d2964"
    "a32c61a92e5eb0315bb63458bc3754c13a50c73e4ccc4248d24644d74b3fdb503be05536e45a31e8602d"
    "eb6628ef6c23f1731df47918f68013f8870ef98e09fb9606fb9d07fca50afcac11fcb418fbbc21fac42a"
    "f9cb35f7d340f5db4cf3e35af2ea69f1f179f3f68af8fb9afcffa4" },
  { "magma",
    "00000402010903031206051a0a08220e0b2b130d34180f3d1d114722115029115a2f116336106b3d0f71"
    "440f764a107951127c57157e5d177f641a806a1c81701f817621817c2382832681892881902a81962c80"
    "9c2e7fa3307eaa337db0357bb73779bd3977c43c75ca3e72d0416fd6456cdc4869e24d66e75263eb5760"
    "ef5d5ef2645cf56b5cf7725cf9795dfa815ffc8961fc9065fd9869fe9f6dfea772feae77feb67cfebd82"
    "fec488fecc8ffed395fdda9cfde2a3fde9aafcf0b2fcf7b9fcfdbf" },
  { "cividis",
    "00224e00255400285b002b62002e6a0030700533711235701a386f213b6e273e6e2d416d32436d36466c"
    "3b496c3f4c6c434e6c47516c4b546c4f576c535a6d565c6d5a5f6e5e626e61656f656870686a716c6d72"
    "6f70737273747676767979777d7c78807f788482798885788c8878908b78938e789791779b94769f9775"
    "a39a74a79d73aba072afa471b4a76fb8aa6ebcae6cc0b16ac4b468c8b866cdbb63d1bf61d5c25edac65b"
    "dec958e2cd54e7d150ebd44bf0d846f5dc41f9e03afee434fee838" },
  { "gray",
    "0000000404040808080c0c0c1010101414141818181c1c1c2020202424242828282c2c2c303030343434"
    "3838383c3c3c4040404444444848484c4c4c5050505454545858585c5c5c6060606464646868686c6c6c"
    "7070707474747878787c7c7c8080808484848888888c8c8c9090909494949898989c9c9ca0a0a0a4a4a4"
    "a8a8a8acacacb0b0b0b4b4b4b8b8b8bcbcbcc0c0c0c4c4c4c8c8c8ccccccd0d0d0d4d4d4d8d8d8dcdcdc"
    "e0e0e0e4e4e4e8e8e8ecececf0f0f0f4f4f4f8f8f8fcfcfcffffff" },
  { "Greys",
    "fffffffdfdfdfbfbfbf9f9f9f7f7f7f6f6f6f4f4f4f2f2f2f0f0f0edededeaeaeae7e7e7e4e4e4e1e1e1"
    "dfdfdfdcdcdcd9d9d9d5d5d5d2d2d2cecececbcbcbc7c7c7c4c4c4c0c0c0bdbdbdb8b8b8b3b3b3aeaeae"
    "a9a9a9a4a4a49f9f9f9a9a9a9595959191918d8d8d8888888484847f7f7f7b7b7b7777777272726e6e6e"
    "6a6a6a6666666262625e5e5e5a5a5a5555555151514b4b4b4646464040403a3a3a3535352f2f2f292929"
    "2424241f1f1f1b1b1b1616161111110d0d0d080808030303000000" },
  { "binary",
    "fffffffbfbfbf7f7f7f3f3f3efefefebebebe7e7e7e3e3e3dfdfdfdbdbdbd7d7d7d3d3d3cfcfcfcbcbcb"
    "c7c7c7c3c3c3bfbfbfbbbbbbb7b7b7b3b3b3afafafabababa7a7a7a3a3a39f9f9f9b9b9b979797939393"
    "8f8f8f8b8b8b8787878383837f7f7f7b7b7b7777777373736f6f6f6b6b6b6767676363635f5f5f5b5b5b"
    "5757575353534f4f4f4b4b4b4747474343433f3f3f3b3b3b3737373333332f2f2f2b2b2b272727232323"
    "1f1f1f1b1b1b1717171313130f0f0f0b0b0b070707030303000000" },
  { "hot",
    "0b00001500002000002a00003500003f00004a00005400005f00006900007400007e0000890000930000"
    "9e0000a80000b30000bd0000c80000d20000dd0000e70000f20000fc0000ff0800ff1200ff1d00ff2700"
    "ff3200ff3c00ff4700ff5100ff5c00ff6600ff7100ff7b00ff8600ff9000ff9b00ffa500ffb000ffba00"
    "ffc500ffcf00ffda00ffe400ffef00fff900ffff07ffff17ffff26ffff36ffff46ffff56ffff65ffff75"
    "ffff85ffff95ffffa4ffffb4ffffc4ffffd4ffffe3fffff3ffffff" },
  { "jet",
    "0000800000920000a40000b60000c80000da0000ed0000ff0000ff0010ff0020ff0030ff0040ff0050ff"
    "0060ff0070ff0080ff0090ff00a0ff00b0ff00c0ff00d0ff00e0fb09f0ee16ffe123ffd430ffc73cffba"
    "49ffad56ffa063ff9470ff877dff7a8aff6d97ff60a4ff53b1ff46beff39caff2cd7ff1fe4ff13f1fc06"
    "feed00ffde00ffd000ffc100ffb200ffa300ff9400ff8600ff7700ff6800ff5900ff4a00ff3b00ff2d00"
    "ff1e00fa0f00e80000d60000c40000b200009f00008d0000800000" },
  { "coolwarm",
    "3b4cc03f53c6445acc4961d24e68d8536edd5875e15d7ce66282ea6788ee6c8ff17295f4779af77da0f9"
    "82a6fb88abfd8db0fe93b5fe98b9ff9ebeffa3c2fea9c6fdaec9fcb3cdfbb9d0f9bed2f6c3d5f4c7d7f0"
    "ccd9edd1dae9d5dbe5d9dce1dddcdce1dad6e5d8d1e9d5cbecd3c5efcfbff1ccb8f3c8b2f5c4acf6bfa6"
    "f7ba9ff7b599f7b093f7aa8cf6a586f59f80f4987af29274f08b6eee8468eb7d62e8765ce46e56e16751"
    "dd5f4bd85646d44e41cf453cca3b37c43032be242eb8122ab40426" },
  { "bwr",
    "0000ff0808ff1010ff1818ff2020ff2828ff3030ff3838ff4040ff4848ff5050ff5858ff6060ff6868ff"
    "7070ff7878ff8080ff8888ff9090ff9898ffa0a0ffa8a8ffb0b0ffb8b8ffc0c0ffc8c8ffd0d0ffd8d8ff"
    "e0e0ffe8e8fff0f0fff8f8fffffefefff6f6ffeeeeffe6e6ffdedeffd6d6ffceceffc6c6ffbebeffb6b6"
    "ffaeaeffa6a6ff9e9eff9696ff8e8eff8686ff7e7eff7676ff6e6eff6666ff5e5eff5656ff4e4eff4646"
    "ff3e3eff3636ff2e2eff2626ff1e1eff1616ff0e0eff0606ff0000" },
  { "seismic",
    "00004c00005800006300006e00007900008400009000009b0000a60000b10000bc0000c80000d30000de"
    "0000e90000f40101ff1111ff2121ff3131ff4141ff5151ff6161ff7171ff8181ff9191ffa1a1ffb1b1ff"
    "c1c1ffd1d1ffe1e1fff1f1fffffdfdffededffddddffcdcdffbdbdffadadff9d9dff8d8dff7d7dff6d6d"
    "ff5d5dff4d4dff3d3dff2d2dff1d1dff0d0dfe0000f60000ee0000e60000de0000d60000ce0000c60000"
    "be0000b60000ae0000a600009e00009600008e0000860000800000" },
  { "RdBu",
    "67001f7304217f08238a0b25960f27a21328ae172ab61f2ebb2a34c13639c6413ecc4c44d25849d7634f"
    "dc6e57e17860e58368ea8e70ef9979f3a481f5ac8bf7b596f8bda1f9c6acfbceb7fcd7c2fdddcbfce2d2"
    "fbe6dafaeae1f9efe9f8f3f0f6f7f7f0f4f6eaf1f5e4eef4deebf2d8e9f1d2e6f0cae1eec0dcebb6d7e8"
    "acd2e5a2cde398c8e08dc2dc81bad875b2d468abd05ca3cb4f9bc74393c33e8cbf3885bc337eb82e77b5"
    "2870b12369ad1e61a51a589915508d1147810d3f7608366a053061" },
  { "RdYlBu",
    "a50026ad0826b50f26bd1726c41e27cc2627d42d27da362ade402ee34933e75337ec5c3bf16640f47044"
    "f67a49f7844ef98e52fa9857fba35cfdad60fdb567fdbd6ffdc576fecc7efed485fedc8cfee294fee79b"
    "feeca2fff1aafff6b1fffbb9feffc0fafdc9f5fbd2f0f9dbebf7e4e6f5ede1f3f6daf0f6d1ecf4c9e8f2"
    "c1e4efb9e0edb0dceaa8d6e89fd0e497c9e08ec2dc85bbd97db4d574add16da4cc659bc85e93c3578abf"
    "4f81ba4878b6436fb14065ac3d5ba73a51a236479e333d99313695" },
  { "RdYlGn",
    "a50026ad0826b50f26bd1726c41e27cc2627d42d27da362ade402ee34933e75337ec5c3bf16640f47044"
    "f67a49f7844ef98e52fa9857fba35cfdad60fdb567fdbd6dfdc574fecc7bfed481fedc88fee28ffee797"
    "feec9ffff1a8fff6b0fffbb8feffbef8fcb6f2faaeecf7a6e6f59de0f295daf08dd3ec87cbe982c3e67d"
    "bbe278b3df72abdb6da2d76a98d3688ecf6784ca667ac66570c16466bd635ab7604eb15d42ac5a36a657"
    "2aa0541e9a5117934e138c4a0f84460b7d4207753e036e3a006837" },
  { "Spectral",
    "9e0142a70b44af1446b81e48c1274ac9314cd23a4ed8434edd4a4ce2514ae75948eb6046f06744f47044"
    "f67a49f7844ef98e52fa9857fba35cfdad60fdb567fdbd6dfdc574fecc7bfed481fedc88fee28ffee797"
    "feec9ffff1a8fff6b0fffbb8ffffbefbfdb8f7fcb2f3faaceff9a6ebf7a0e7f59adff299d6ee9bcdeb9d"
    "c3e79fbae3a1b1dfa3a7dba49cd7a491d3a486cfa57ccaa571c6a566c2a55eb9a956b0ad4ea7b0459eb4"
    "3d95b8358bbc3682ba3d79b64471b24b68ae525fa95956a55e4fa2" },
  { "PiYG",
    "8e01529705599f095fa80d66b1116db91574c2197ac72482cb3289cf4191d34f99d75ea1db6ca8df79b0"
    "e283b7e58dbee897c4eba1cbeeabd2f1b5d9f3bcddf5c2e0f6c9e3f8d0e7fad6eafcddedfde2f0fce5f1"
    "fbe9f2faedf3f9f0f5f8f4f6f7f7f6f4f7f0f1f6eaeff6e4ecf6dee9f5d8e7f5d2e1f3c7d9f0bcd2ecb0"
    "cbe9a4c4e699bde38db5df82acd977a3d36c9acd6191c85788c24c7fbc4177b53c6faf3767a83260a22d"
    "589b28509423498d2043861f3d7f1e37781c31711b2b691a276419" },
  { "Blues",
    "f7fbfff4f9fef1f7fdeef5fceaf3fbe7f1fae4eff9e1edf8deebf7dbe9f6d8e7f5d5e5f4d2e3f3cfe1f2"
    "ccdff1c9ddf0c6dbefc1d9edbcd7ebb7d4eab2d2e8add0e6a8cee4a3cce39dcae197c6df91c3de8abfdd"
    "84bcdb7db8da77b5d971b1d76aaed665aad460a7d25ba3d056a0ce519ccc4b98ca4695c84191c63d8dc4"
    "3989c13585bf3181bd2d7dbb2979b92474b72070b41d6cb11a68ae1764ab1460a8115ca50e58a20a549e"
    "08509b084c9508488e084488084082083b7c08377608337008306b" },
  { "Reds",
    "fff5f0fff2ecfff0e8ffede5feeae1fee8ddfee5d9fee3d6fee0d2fedbccfdd7c6fdd2bffdcdb9fdc9b3"
    "fcc4adfcbfa7fcbba1fcb69bfcb095fcab8ffca689fca183fc9c7dfc9777fc9272fc8d6dfc8767fc8262"
    "fb7d5dfb7858fb7353fb6e4efb694af96346f85d42f6583ef5523af34c37f24633f0402fee3a2cea362a"
    "e53228e12d26dc2924d82422d32020cf1c1fca181dc5171cc1161bbc141ab71319b21218ad1117a91016"
    "a30f159c0d14940b138c09128407117c051075030f6d010e67000d" },
  { "Greens",
    "f7fcf5f5fbf2f2faf0f0f9edeef8eaecf8e8e9f7e5e7f6e3e5f5e0e1f3dcddf2d8daf0d4d6efd0d2edcc"
    "ceecc8cbeac4c7e9c0c2e7bbbde5b6b8e3b2b4e1adafdfa8aadda4a5db9fa0d99b9bd69695d39190d18d"
    "8ace8884cc837fc97f79c67a73c4766dc07266bd6f60ba6c5ab76953b4664db16346ae6040aa5d3da65a"
    "39a257359e53319a502e964d2a924a268e47228a441e874119833e157f3b117b380c773508743203702e"
    "006c2c006729006227005c25005723005221004d1f00481d00441b" },
  { "Oranges",
    "fff5ebfff3e7fff1e4ffefe0feeddcfeecd9feead5fee8d2fee6cefee3c8fee0c3fedebdfddbb8fdd8b2"
    "fdd5adfdd3a7fdd0a2fdcb9bfdc794fdc38dfdbf86fdba7ffdb678fdb271fdae6afda965fda55ffda159"
    "fd9d53fd994dfd9547fd9141fd8c3bfb8836fa8331f87f2cf77a27f57622f4711cf26d17f16813ee6410"
    "eb600ee75c0ce4580ae15407de5005db4b03d84801d14501cb4302c54102be3f02b83c02b13a03ab3803"
    "a53603a034039b3203963003912e048c2c04882a048328047f2704" },
  { "Purples",
    "fcfbfdfaf9fcf9f7fbf7f6faf5f4f9f4f2f8f2f0f7f1eff6efedf5ecebf4eae8f2e7e6f1e4e3f0e2e1ef"
    "dfdfeddcdcecdadaebd6d6e9d2d2e7cecfe5cbcbe3c7c8e1c3c4e0bfc0debcbddcb8b8d9b4b4d7b0afd4"
    "adabd2a9a7cfa5a2cda19eca9e9ac89a96c69692c4928fc38e8bc18b87bf8784bd8380bb807cba7d77b7"
    "7a71b4776cb17566ae7261ab6f5ba86c55a56950a3674ba064459e61409b5e3b985c3696593093562b91"
    "53268f51218c4e1c8a4c1788491285460d8344098141047f3f007d" },
  { "YlOrRd",
    "ffffccfffdc6fffac1fff8bbfff6b6fff4b0fff1abffefa5ffeda0ffea9bffe895ffe590fee38bfee085"
    "fede80fedb7bfed976fed470fecf6bfeca66fec561fec05bfebb56feb651feb24cfead4afea848fea446"
    "fd9f44fd9a42fd9640fd913efd8c3cfd8439fd7c37fd7435fc6c33fc6430fc5d2efc552cfc4d2af84628"
    "f54026f23924ef3323ec2c21e9261fe61f1de2191cdd161dd9131fd41020cf0c21ca0923c50624c10325"
    "bb0026b40026ac0026a400269d00269500268d0026860026800026" },
  { "twilight",
    "e2d9e2ded9e1d7d7ddced3d9c4ced4b8c9d0acc2cca0bcc995b5c78aaec581a6c3799fc27297c16c8fbf"
    "6887be647ebc6276ba606db85f64b55f5ab15e51ad5e47a75d3da15c3499592a8f562284511b774c1669"
    "45135c3e115038114533113d2f14363412383a113a41123d4a13425415465f174a691a4d741e4f7e2250"
    "872750902e50983550a03d50a64550ac4d51b25652b75f55bb6958bf725dc27c63c5866ac89073ca9a7d"
    "cca389cfad96d1b6a3d5bfb1d8c7bedccecbdfd4d6e1d8dde2d9e2" },
  { "hsv",
    "ff0000ff1800ff2f00ff4700ff5f00ff7600ff8e00ffa500ffbd00ffd500ffec00f8fd00e2ff00cbff00"
    "b3ff009cff0084ff006cff0055ff003dff0025ff000eff0002ff0c00ff2100ff3900ff5100ff6800ff80"
    "00ff9700ffaf00ffc700ffde00fff600f0ff00d9ff00c1ff00aaff0092ff007aff0063ff004bff0033ff"
    "001cff0408ff1300ff2b00ff4300ff5a00ff7200ff8a00ffa100ffb900ffd000ffe800fffa00f9ff00e7"
    "ff00cfff00b7ff00a0ff0088ff0071ff0059ff0041ff002aff0018" },
  { "rainbow",
    "8000ff780dff7019ff6826fe6032fe583efd504afc4856fb4062fa386df93079f72884f6208ef41898f2"
    "10a2f008acee00b5eb08bee910c6e618cde420d5e128dbde30e1da38e7d740ecd448f1d050f4cc58f8c9"
    "60fac568fcc170febc78ffb880ffb488ffaf90feab99fca6a0faa1a8f79cb0f397b9ef92c0eb8dc8e688"
    "d0e082d9da7de0d377e8cb72f0c46cf9bb66ffb360ffa95bffa055ff964fff8c49ff8143ff763dff6b37"
    "ff5f30ff532aff4724ff3b1eff2f18ff2211ff160bff0905ff0000" },
  { "spring",
    "ff00ffff04fbff08f7ff0cf3ff10efff14ebff18e7ff1ce3ff20dfff24dbff28d7ff2cd3ff30cfff34cb"
    "ff38c7ff3cc3ff40bfff44bbff48b7ff4cb3ff50afff54abff58a7ff5ca3ff609fff649bff6897ff6c93"
    "ff708fff748bff7887ff7c83ff807fff847bff8877ff8c73ff906fff946bff9867ff9c63ffa05fffa45b"
    "ffa857ffac53ffb04fffb44bffb847ffbc43ffc03fffc43bffc837ffcc33ffd02fffd42bffd827ffdc23"
    "ffe01fffe41bffe817ffec13fff00ffff40bfff807fffc03ffff00" },
  { "summer",
    "0080660482660884660c8666108866148a66188c661c8e662090662492662893662c9666309866349a66"
    "389c663c9e6640a06644a26648a3664ca66650a86654aa6658ac665cae6660b06664b26668b3666cb666"
    "70b86674ba6678bc667cbe6680c06684c26688c3668cc66690c86694ca6698cc669cce66a0d066a4d266"
    "a8d366acd666b0d866b4da66b8dc66bcde66c0e066c4e266c8e366cce666d0e866d4ea66d8ec66dcee66"
    "e0f066e4f266e8f366ecf666f0f866f4fa66f8fc66fcfe66ffff66" },
  { "autumn",
    "ff0000ff0400ff0800ff0c00ff1000ff1400ff1800ff1c00ff2000ff2400ff2800ff2c00ff3000ff3400"
    "ff3800ff3c00ff4000ff4400ff4800ff4c00ff5000ff5400ff5800ff5c00ff6000ff6400ff6800ff6c00"
    "ff7000ff7400ff7800ff7c00ff8000ff8400ff8800ff8c00ff9000ff9400ff9800ff9c00ffa000ffa400"
    "ffa800ffac00ffb000ffb400ffb800ffbc00ffc000ffc400ffc800ffcc00ffd000ffd400ffd800ffdc00"
    "ffe000ffe400ffe800ffec00fff000fff400fff800fffc00ffff00" },
  { "winter",
    "0000ff0004fd0008fb000cf90010f70014f50018f3001cf10020ef0024ed0028eb002ce90030e70034e5"
    "0038e3003ce10040df0044dd0048db004cd90050d70054d50058d3005cd10060cf0064cd0068cb006cc9"
    "0070c70074c50078c3007cc10080bf0084bd0088bb008cb90090b70094b50098b3009cb100a0af00a4ad"
    "00a8ab00aca900b0a700b4a500b8a300bca100c09f00c49d00c89b00cc9900d09700d49500d89300dc91"
    "00e08f00e48d00e88b00ec8900f08700f48500f88300fc8100ff80" },
  { "cool",
    "00ffff04fbff08f7ff0cf3ff10efff14ebff18e7ff1ce3ff20dfff24dbff28d7ff2cd3ff30cfff34cbff"
    "38c7ff3cc3ff40bfff44bbff48b7ff4cb3ff50afff54abff58a7ff5ca3ff609fff649bff6897ff6c93ff"
    "708fff748bff7887ff7c83ff807fff847bff8877ff8c73ff906fff946bff9867ff9c63ffa05fffa45bff"
    "a857ffac53ffb04fffb44bffb847ffbc43ffc03fffc43bffc837ffcc33ffd02fffd42bffd827ffdc23ff"
    "e01fffe41bffe817ffec13fff00ffff40bfff807fffc03ffff00ff" },
  { "copper",
    "0000000503020a06040f0906140c0819100a1e130c23160e2819102c1c12311f143622163b251840291a"
    "452c1c4a2f1e4f32205435225938245e3b26633e2868422a6d452c72482e774b307c4e32805134855436"
    "8a57388f5b3a945e3c99613e9e6440a36742a86a44ad6d46b27048b7744abc774cc17a4ec67d50cb8052"
    "d08354d48656d98958de8d5ae3905ce8935eed9660f29962f79c64fc9f65ffa267ffa669ffa96bffac6d"
    "ffaf6fffb271ffb573ffb875ffbb77ffbf79ffc27bffc57dffc77f" },
  { "bone",
    "00000004030507070a0a0a0f0e0e1312111815151d1818221c1c27201f2c2323312626362a2a3a2e2d3f"
    "31314434344938384e3c3b533f3f5842425d4646614a49664d4d6b505070545574575a775b5f7b5e637e"
    "626882666d856972896c778c707b907380937785977a8a9a7e8f9e8194a18598a5889da88ca2ac8fa7af"
    "93acb396b0b69ab5ba9dbabda1bfc1a4c4c4a9c8c8aecbcbb4cfcfb9d2d2bfd6d6c4d9d9caddddcfe0e0"
    "d5e4e4dae7e7e0ebebe5eeeeeaf2f2f0f5f5f5f9f9fbfcfcffffff" },
  { "pink",
    "1e0000321a1a4025254b2d2d5534345e3a3a6640406d4545744a4a7b4e4e8152528756568d5a5a925e5e"
    "9762629c6565a16868a66c6cab6f6faf7272b47575b87777bc7a7ac17d7dc38280c58882c68e85c89387"
    "ca988acb9e8ccda28fcfa791d0ac94d2b096d4b598d5b99ad7bd9cd8c19fdac5a1dcc9a3ddcda5dfd1a7"
    "e0d5a9e2d8abe3dcade5e0afe6e3b1e8e7b3e9e9b6ebebbcececc1ededc6efefcbf0f0d0f2f2d5f3f3da"
    "f4f4def6f6e3f7f7e7f9f9ebfafaf0fbfbf4fdfdf8fefefcffffff" },
  { "terrain",
    "3333992e3ea42848ae2353b91e5ec41868ce1373d90e7ee40888ee0393f9009cf400a4dc00acc400b4ac"
    "00bc9400c47d01cc6611cf6921d36d31d67041d97351dc7661df7971e37d81e68091e983a1ec86b1ef89"
    "c1f38dd1f690e1f993f1fc96fefe98f6f394eee990e6df8bded587d6cb83cec07fc6b67abeac76b6a272"
    "ae976da68d699e83659679608e6e5c866458815e5689686191726c997c76a18781a9918cb19b96b9a5a1"
    "c1b0acc9bab7d1c4c1d9cecce1d9d7e9e3e2f1edecf9f7f7ffffff" },
  { "ocean",
    "008000007a04007408006e0c006810006214005c1800561c005020004a24004428003e2c003830003134"
    "002c3800263c002040001944001448000e4c000850000154000458000a5c001060001764001d6800226c"
    "002870002f74003478003a7c004080004684004d8800538c005890005e94006498006b9c0070a00076a4"
    "007da80682ac1288b01e8eb42a94b8369bbc42a0c04ea6c45aacc866b3cc72b9d07ebed48ac4d896cbdc"
    "a2d0e0aed6e4badce8c6e2ecd2e8f0deeef4eaf4f8f6fbfcffffff" },
};

const BsPlotColormap *
bs_plot_colormap_lookup (const char  *name,
                         gboolean    *reversed,
                         GError     **error)
{
  g_autoptr(GString) known = NULL;
  gsize len;

  g_return_val_if_fail (name != NULL, NULL);

  len = strlen (name);
  *reversed = len > 2 && strcmp (name + len - 2, "_r") == 0;
  if (*reversed)
    len -= 2;
  for (gsize i = 0; i < G_N_ELEMENTS (colormaps); i++)
    if (strlen (colormaps[i].name) == len && strncmp (colormaps[i].name, name, len) == 0)
      return &colormaps[i];

  known = g_string_new (NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (colormaps); i++)
    g_string_append_printf (known, "%s'%s', '%s_r'", i ? ", " : "", colormaps[i].name,
                            colormaps[i].name);
  g_set_error (error, BS_PLOT_ERROR, BS_PLOT_ERROR_VALUE,
               "'%s' is not a valid value for cmap; supported values are %s", name,
               known->str);
  return NULL;
}

const BsPlotColormap *
bs_plot_colormap_nth (guint n)
{
  return n < G_N_ELEMENTS (colormaps) ? &colormaps[n] : NULL;
}

const char *
bs_plot_colormap_name (const BsPlotColormap *cmap)
{
  return cmap->name;
}

static BsPlotColor
sample (const BsPlotColormap *cmap,
        int                   i)
{
  char hex[7];

  memcpy (hex, cmap->samples + 6 * i, 6);
  hex[6] = '\0';
  return bs_plot_color_hex ((guint32) g_ascii_strtoull (hex, NULL, 16));
}

BsPlotColor
bs_plot_colormap_map (const BsPlotColormap *cmap,
                      gboolean              reversed,
                      double                t)
{
  BsPlotColor a, b;
  double pos, frac;
  int i;

  if (isnan (t))
    return bs_plot_color_rgba (0, 0, 0, 0);
  t = CLAMP (t, 0.0, 1.0);
  if (reversed)
    t = 1.0 - t;
  pos = t * (N_SAMPLES - 1);
  i = MIN ((int) pos, N_SAMPLES - 2);
  frac = pos - i;
  a = sample (cmap, i);
  b = sample (cmap, i + 1);
  return bs_plot_color_rgba (a.r + (b.r - a.r) * frac, a.g + (b.g - a.g) * frac,
                             a.b + (b.b - a.b) * frac, 1.0);
}
